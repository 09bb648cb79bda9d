import { QR_EC_LEVELS, QR_GRADIENTS, QR_MARGIN_MAX, QR_SIZE_MAX, QR_SIZE_MIN, type QrOptions } from '@xueba/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorFor, type FormError } from '../lib/form-error';
import type { Gradient, QrForm } from '../lib/qr-form';
import { Choices, Field, FieldError } from './field';
import { EyeTile, StyleTile } from './style-tile';

export interface LookProps {
  options: QrOptions;
  form: QrForm;
  set: (patch: Partial<QrForm>) => void;
  error: FormError | null;
  disabled?: boolean;
}

/** pixel-style-type: a tile per style the server offers, then the eye styles. */
export function PixelStyleType({ options, form, set, disabled }: LookProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <Field label={t('qrcode.style_label')} testId="qr-style">
        <div className="qr-tiles" role="radiogroup">
          {options.styles.map((s) => (
            <label key={s.key} className={`qr-tile-choice${form.style === s.key ? ' is-active' : ''}`} data-testid={`qr-style-${s.key}`}>
              <input type="radio" name={`${id}-style`} checked={form.style === s.key} onChange={() => set({ style: s.key, style_template: null })} disabled={disabled} />
              <StyleTile style={s.key} />
              <span>{s.name}</span>
            </label>
          ))}
        </div>
      </Field>
      <Field label={t('qrcode.eye_label')} testId="qr-eye">
        <div className="qr-tiles qr-tiles--eyes" role="radiogroup">
          {options.eyes.map((e) => (
            <label key={e.key} className={`qr-tile-choice${form.eye === e.key ? ' is-active' : ''}`} data-testid={`qr-eye-${e.key}`}>
              <input type="radio" name={`${id}-eye`} checked={form.eye === e.key} onChange={() => set({ eye: e.key, style_template: null })} disabled={disabled} />
              <EyeTile eye={e.key} />
              <span>{e.name}</span>
            </label>
          ))}
        </div>
      </Field>
    </>
  );
}

function ColorInput({ label, value, onChange, testId, error, disabled }: { label: string; value: string; onChange: (v: string) => void; testId: string; error?: string; disabled?: boolean }) {
  const id = useId();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <div className="qr-color">
      <label htmlFor={id}>{label}</label>
      <span className="qr-color__row">
        <input type="color" value={valid ? value.toLowerCase() : '#000000'} onChange={(e) => onChange(e.target.value)} disabled={disabled} aria-label={label} data-testid={`${testId}-swatch`} />
        <input id={id} type="text" value={value} maxLength={7} spellCheck={false} onChange={(e) => onChange(e.target.value.trim())} disabled={disabled} aria-invalid={error ? true : undefined} data-testid={testId} />
      </span>
      <FieldError message={error} testId={`${testId}-error`} />
    </div>
  );
}

/** Foreground (optionally a gradient to a second colour), background and the quiet zone. */
export function ColorControls({ form, set, error, disabled }: LookProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field label={t('qrcode.colors_label')} testId="qr-colors">
      <div className="qr-colors">
        <ColorInput label={t('qrcode.fg')} value={form.fg} onChange={(fg) => set({ fg, style_template: null })} testId="qr-fg" error={errorFor(error, 'fg')} disabled={disabled} />
        {form.gradient !== 'none' && <ColorInput label={t('qrcode.fg2')} value={form.fg2} onChange={(fg2) => set({ fg2 })} testId="qr-fg2" error={errorFor(error, 'fg2')} disabled={disabled} />}
        <ColorInput label={t('qrcode.bg')} value={form.bg} onChange={(bg) => set({ bg, style_template: null })} testId="qr-bg" error={errorFor(error, 'bg')} disabled={disabled} />
      </div>
      <span className="qr-field__sublabel">{t('qrcode.gradient_label')}</span>
      <Choices name={`${id}-gradient`} testId="qr-gradient" value={form.gradient} onChange={(v) => set({ gradient: v as Gradient })} items={QR_GRADIENTS.map((g) => ({ value: g, label: t(`qrcode.gradient.${g}`) }))} disabled={disabled} columns={3} />
      <label className="qr-range">
        <span>{t('qrcode.margin_label', { value: form.margin })}</span>
        <input type="range" min={0} max={QR_MARGIN_MAX} step={1} value={form.margin} onChange={(e) => set({ margin: Number(e.target.value) })} disabled={disabled} data-testid="qr-margin" />
      </label>
    </Field>
  );
}

const SIZES = [256, 512, 768, 1024, 2048].filter((s) => s >= QR_SIZE_MIN && s <= QR_SIZE_MAX);
const VERSIONS = Array.from({ length: 40 }, (_, i) => i + 1);

/** custom-version-picker (auto or 1–40, and the error-correction level) and custom-picture-size. */
export function VersionAndSize({ form, set, error, disabled }: LookProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <Field label={t('qrcode.version_label')} testId="qr-version">
        <select
          className="qr-select"
          value={form.version ?? ''}
          onChange={(e) => set({ version: e.target.value === '' ? null : Number(e.target.value) })}
          disabled={disabled}
          aria-label={t('qrcode.version_label')}
          data-testid="qr-version-select"
        >
          <option value="">{t('qrcode.version_auto')}</option>
          {VERSIONS.map((n) => (
            <option key={n} value={n}>
              {t('qrcode.version_n', { n, size: 17 + 4 * n })}
            </option>
          ))}
        </select>
        <FieldError message={errorFor(error, 'version')} />
        <span className="qr-field__sublabel">{t('qrcode.ec_label')}</span>
        <Choices name={`${id}-ec`} testId="qr-ec" value={form.ec_level} onChange={(v) => set({ ec_level: v as QrForm['ec_level'] })} items={QR_EC_LEVELS.map((l) => ({ value: l, label: t(`qrcode.ec.${l}`) }))} disabled={disabled} columns={4} />
      </Field>
      <Field label={t('qrcode.size_label')} testId="qr-size-field">
        <Choices name={`${id}-size`} testId="qr-size" value={String(form.size)} onChange={(v) => set({ size: Number(v) })} items={SIZES.map((s) => ({ value: String(s), label: t('qrcode.size_px', { size: s }) }))} disabled={disabled} />
      </Field>
    </>
  );
}
