import { DRAW_NEGATIVE_PROMPT_MAX } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

/** What the picture should not show (spec §2 negative-prompt): Stable Diffusion and YJ take it, the Images API does not. */
export function NegativePrompt({ value, onChange, error, disabled }: { value: string; onChange: (v: string) => void; error?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const length = value.trim().length;
  return (
    <Field label={t('draw.negative_label')} htmlFor="draw-negative">
      <div className={`draw-textarea${error ? ' has-error' : ''}`}>
        <textarea
          id="draw-negative"
          rows={2}
          value={value}
          placeholder={t('draw.negative_placeholder')}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          data-testid="draw-negative"
        />
        <span className={`draw-textarea__count${length > DRAW_NEGATIVE_PROMPT_MAX ? ' is-over' : ''}`}>
          {length}/{DRAW_NEGATIVE_PROMPT_MAX}
        </span>
      </div>
      {error && (
        <p className="draw-field__error" role="alert" data-testid="draw-negative-error">
          {t(`msg.${error}`)}
        </p>
      )}
    </Field>
  );
}
