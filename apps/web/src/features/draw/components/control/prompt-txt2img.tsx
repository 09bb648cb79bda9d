import { DRAW_PROMPT_MAX } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

/** The picture's description with its length counter (spec §2 prompt-txt2img; the limit is the contract's). */
export function PromptTxt2img({ value, onChange, error, disabled }: { value: string; onChange: (v: string) => void; error?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const length = value.trim().length;
  return (
    <Field label={t('draw.prompt_label')} htmlFor="draw-prompt">
      <div className={`draw-textarea${error ? ' has-error' : ''}`}>
        <textarea
          id="draw-prompt"
          rows={5}
          value={value}
          placeholder={t('draw.prompt_placeholder')}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby="draw-prompt-count"
          data-testid="draw-prompt"
        />
        <span id="draw-prompt-count" className={`draw-textarea__count${length > DRAW_PROMPT_MAX ? ' is-over' : ''}`} data-testid="draw-prompt-count">
          {length}/{DRAW_PROMPT_MAX}
        </span>
      </div>
      {error && (
        <p className="draw-field__error" role="alert" data-testid="draw-prompt-error">
          {t(`msg.${error}`)}
        </p>
      )}
    </Field>
  );
}
