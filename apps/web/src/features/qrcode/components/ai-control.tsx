import { QR_AI_RECIPES, QR_CONTROL_MODES } from '@xueba/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { errorFor } from '../lib/form-error';
import { withPromptTemplate, type ControlMode, type Generation, type QrForm, type Recipe } from '../lib/qr-form';
import { Choices, Field, FieldError } from './field';
import type { LookProps } from './look-controls';
import { PictureUpload } from './picture-upload';
import { TemplatePicker } from './template-picker';

const MODE_KEY: Record<ControlMode, string> = { Balanced: 'balanced', 'My prompt is more important': 'prompt', 'ControlNet is more important': 'control' };

/** Without a Stable Diffusion channel: what AI codes need and where an administrator connects one. */
export function AiDisabled({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="qr-notice" role="status" data-testid="qr-ai-disabled">
      <p className="qr-notice__title">{t('qrcode.ai_disabled_title')}</p>
      <p>{t('qrcode.ai_disabled_text')}</p>
      {admin && (
        <LocaleLink to="/admin/draw" className="btn btn--outline btn--sm">
          {t('qrcode.ai_disabled_link')}
        </LocaleLink>
      )}
    </div>
  );
}

function Advanced({ form, set, disabled }: { form: QrForm; set: (patch: Partial<QrForm>) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const weight = form.weight ?? 1.1;
  return (
    <details className="qr-advanced" data-testid="qr-advanced">
      <summary>{t('qrcode.advanced')}</summary>
      <span className="qr-field__sublabel">{t('qrcode.recipe_label')}</span>
      <Choices
        name={`${id}-recipe`}
        testId="qr-recipe"
        value={form.recipe ?? ''}
        onChange={(v) => set({ recipe: v as Recipe })}
        items={QR_AI_RECIPES.map((r) => ({ value: r, label: t(`qrcode.recipe.${r}`) }))}
        disabled={disabled}
        columns={2}
      />
      <label className="qr-range">
        <span>{t('qrcode.weight', { value: weight.toFixed(2) })}</span>
        <input type="range" min={0.3} max={2} step={0.05} value={weight} onChange={(e) => set({ weight: Number(e.target.value) })} disabled={disabled} data-testid="qr-weight" />
      </label>
      <label className="qr-range">
        <span>{t('qrcode.guidance_start', { value: form.guidance_start.toFixed(2) })}</span>
        <input type="range" min={0} max={1} step={0.05} value={form.guidance_start} onChange={(e) => set({ guidance_start: Math.min(Number(e.target.value), form.guidance_end) })} disabled={disabled} />
      </label>
      <label className="qr-range">
        <span>{t('qrcode.guidance_end', { value: form.guidance_end.toFixed(2) })}</span>
        <input type="range" min={0} max={1} step={0.05} value={form.guidance_end} onChange={(e) => set({ guidance_end: Math.max(Number(e.target.value), form.guidance_start) })} disabled={disabled} />
      </label>
      <span className="qr-field__sublabel">{t('qrcode.control_mode_label')}</span>
      <Choices
        name={`${id}-mode`}
        testId="qr-control-mode"
        value={form.control_mode}
        onChange={(v) => set({ control_mode: v as ControlMode })}
        items={QR_CONTROL_MODES.map((m) => ({ value: m, label: t(`qrcode.control_mode.${MODE_KEY[m]}`) }))}
        disabled={disabled}
      />
    </details>
  );
}

/** AI mode: custom-keyword, the prompt template picker, custom-model-picker, custom-picture-size, generation-type and ControlNet. */
export function AiControl({ options, form, set, error, disabled, requireSignIn }: LookProps & { requireSignIn: () => boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const ai = options.ai;
  return (
    <div className="qr-ai" data-testid="qr-ai-control">
      <TemplatePicker
        label={t('qrcode.template_prompt_label')}
        templates={options.templates.prompt}
        value={form.prompt_template}
        onPick={(template) => set(withPromptTemplate(form, template.id, template.config))}
        testId="qr-prompt-template"
        disabled={disabled}
      />
      <Field label={t('qrcode.prompt_label')} htmlFor={`${id}-prompt`} testId="qr-keyword">
        <textarea
          id={`${id}-prompt`}
          rows={3}
          value={form.prompt}
          placeholder={t('qrcode.prompt_placeholder')}
          onChange={(e) => set({ prompt: e.target.value, prompt_template: null })}
          disabled={disabled}
          data-testid="qr-prompt"
        />
        <FieldError message={errorFor(error, 'prompt')} testId="qr-error-prompt" />
      </Field>
      <Field label={t('qrcode.negative_label')} htmlFor={`${id}-negative`}>
        <input id={`${id}-negative`} type="text" value={form.negative_prompt} onChange={(e) => set({ negative_prompt: e.target.value })} disabled={disabled} data-testid="qr-negative" />
      </Field>
      {ai.models.length > 0 && (
        <Field label={t('qrcode.model_label')} htmlFor={`${id}-model`} testId="qr-model-picker">
          <select id={`${id}-model`} className="qr-select" value={form.model} onChange={(e) => set({ model: e.target.value })} disabled={disabled} data-testid="qr-model">
            {ai.models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label={t('qrcode.ai_size_label')} testId="qr-ai-size-field">
        <Choices
          name={`${id}-size`}
          testId="qr-ai-size"
          value={form.ai_size}
          onChange={(v) => set({ ai_size: v })}
          items={ai.sizes.map((s) => ({ value: s.size, label: s.size.replace('x', '×'), note: t('qrcode.size_price', { count: s.price }) }))}
          disabled={disabled}
          columns={Math.min(3, Math.max(1, ai.sizes.length))}
        />
      </Field>
      <Field label={t('qrcode.generation_label')} testId="qr-generation-field">
        <Choices
          name={`${id}-generation`}
          testId="qr-generation"
          value={form.generation}
          onChange={(v) => set({ generation: v as Generation })}
          items={(['txt2img', 'img2img'] as const).map((g) => ({ value: g, label: t(`qrcode.generation.${g}`) }))}
          disabled={disabled}
          columns={2}
        />
      </Field>
      {form.generation === 'img2img' && (
        <PictureUpload label={t('qrcode.reference_label')} value={form.reference} onChange={(reference) => set({ reference })} requireSignIn={requireSignIn} error={errorFor(error, 'reference_image')} testId="qr-reference" disabled={disabled}>
          <label className="qr-range">
            <span>{t('qrcode.denoising', { value: form.denoising.toFixed(2) })}</span>
            <input type="range" min={0} max={1} step={0.05} value={form.denoising} onChange={(e) => set({ denoising: Number(e.target.value) })} disabled={disabled} />
          </label>
        </PictureUpload>
      )}
      <Advanced form={form} set={set} disabled={disabled} />
      <p className="muted small">{t('qrcode.attempts_note', { count: ai.max_attempts })}</p>
    </div>
  );
}
