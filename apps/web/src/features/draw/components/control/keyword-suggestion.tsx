import type { DrawOptions } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { suggestPrompt } from '../../api/draw-api';
import { Field } from './field';

/**
 * Keywords of a style (spec §2 keyword-suggestion): the admin's list for the
 * chosen style, and, on request, the chat model's suggestions for the prompt.
 * A click adds the keyword to the prompt.
 */
export function KeywordSuggestion({
  options,
  style,
  onStyle,
  prompt,
  onAdd,
  requireSignIn,
  disabled,
}: {
  options: DrawOptions;
  style: string;
  onStyle: (key: string) => void;
  prompt: string;
  onAdd: (keyword: string) => void;
  requireSignIn: () => boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [suggested, setSuggested] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const current = options.styles.find((s) => s.key === style);
  if (options.styles.length === 0 && options.suggest_offline) return null;

  const more = async () => {
    if (!requireSignIn()) return;
    setBusy(true);
    try {
      const out = await suggestPrompt(prompt, 'keywords', style);
      setSuggested(out.keywords);
      if (out.keywords.length === 0) toast.info(t('draw.no_keywords'));
    } catch (error) {
      toast.error(isRequestError(error) && error.message ? error.message : t('msg.draw_suggest_failed'));
    } finally {
      setBusy(false);
    }
  };

  const keywords = [...new Set([...(current?.keywords ?? []), ...suggested])];
  return (
    <Field label={t('draw.keywords_label')} testId="draw-keywords">
      {options.styles.length > 0 && (
        <div className="draw-tags" role="tablist" aria-label={t('draw.keyword_styles')}>
          {options.styles.map((s) => (
            <button
              key={s.key}
              type="button"
              role="tab"
              aria-selected={s.key === style}
              className={`draw-tag${s.key === style ? ' is-active' : ''}`}
              onClick={() => {
                onStyle(s.key);
                setSuggested([]);
              }}
              data-testid={`draw-style-${s.key}`}
            >
              {s.name}
            </button>
          ))}
        </div>
      )}
      <div className="draw-keywords">
        {keywords.map((k) => (
          <button key={k} type="button" className="draw-keyword" disabled={disabled} onClick={() => onAdd(k)} data-testid="draw-keyword" title={t('draw.add_keyword')}>
            + {k}
          </button>
        ))}
        {!options.suggest_offline && (
          <button type="button" className="link-btn small" disabled={disabled || busy} onClick={() => void more()} data-testid="draw-more-keywords">
            {busy ? t('draw.suggest_working') : t('draw.more_keywords')}
          </button>
        )}
      </div>
    </Field>
  );
}
