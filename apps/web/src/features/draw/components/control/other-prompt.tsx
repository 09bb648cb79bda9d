import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { suggestPrompt } from '../../api/draw-api';

/**
 * Expand or translate the prompt with the chat model (spec §2 other-prompt;
 * Stable Diffusion works best in English). With no chat model the server has
 * nothing to do this with, so the part says the prompt goes as written.
 */
export function OtherPrompt({ prompt, style, offline, onPrompt, requireSignIn, disabled }: { prompt: string; style: string; offline: boolean; onPrompt: (p: string) => void; requireSignIn: () => boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'expand' | 'translate' | null>(null);
  const [previous, setPrevious] = useState<string | null>(null);
  if (offline) return <p className="muted small" data-testid="draw-suggest-offline">{t('draw.suggest_offline')}</p>;

  const run = async (mode: 'expand' | 'translate') => {
    if (!requireSignIn()) return;
    if (!prompt.trim()) {
      toast.warning(t('msg.draw_prompt_required'));
      return;
    }
    setBusy(mode);
    try {
      const out = await suggestPrompt(prompt, mode, style);
      if (out.prompt && out.prompt !== prompt) {
        setPrevious(prompt);
        onPrompt(out.prompt);
      } else toast.info(t('draw.suggest_same'));
    } catch (error) {
      toast.error(isRequestError(error) && error.message ? error.message : t('msg.draw_suggest_failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="draw-other-prompt" data-testid="draw-other-prompt">
      <button type="button" className="btn btn--ghost btn--sm" disabled={disabled || busy !== null} onClick={() => void run('expand')} data-testid="draw-expand">
        {busy === 'expand' ? t('draw.suggest_working') : t('draw.expand')}
      </button>
      <button type="button" className="btn btn--ghost btn--sm" disabled={disabled || busy !== null} onClick={() => void run('translate')} data-testid="draw-translate">
        {busy === 'translate' ? t('draw.suggest_working') : t('draw.translate')}
      </button>
      {previous !== null && (
        <button
          type="button"
          className="link-btn small"
          onClick={() => {
            onPrompt(previous);
            setPrevious(null);
          }}
          data-testid="draw-undo-suggest"
        >
          {t('draw.undo')}
        </button>
      )}
    </div>
  );
}
