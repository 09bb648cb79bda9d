import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { isRequestError } from '@/lib/request';
import { uploadReference } from '../../api/draw-api';
import { Field } from './field';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The reference picture of image-to-image (spec §2 reference-image), sent
 * through `POST /upload/image`; the server decides what it accepts and its
 * refusal (size, type, quota) is shown as it gives it.
 */
export function ReferenceImage({
  value,
  onChange,
  error,
  requireSignIn,
  denoising,
  onDenoising,
  disabled,
}: {
  value: { uri: string; url: string } | null;
  onChange: (v: { uri: string; url: string } | null) => void;
  error?: string;
  requireSignIn: () => boolean;
  /** sd only: how far from the reference. */
  denoising: number | null;
  onDenoising: (v: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    try {
      const uploaded = await uploadReference(file);
      onChange({ uri: uploaded.uri, url: uploaded.url });
    } catch (e) {
      setRefusal(isRequestError(e) && e.message ? e.message : t('draw.upload_failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = refusal ?? (error ? t(`msg.${error}`) : null);
  return (
    <Field label={t('draw.reference_label')} hint={t('draw.reference_hint')} testId="draw-reference">
      {value ? (
        <div className="draw-reference">
          <img src={mediaUrl(value.url)} alt={t('draw.reference_label')} data-testid="draw-reference-preview" />
          <button type="button" className="icon-btn icon-btn--sm draw-reference__remove" onClick={() => onChange(null)} aria-label={t('draw.reference_remove')} disabled={disabled}>
            <CloseOutlined />
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="draw-upload"
          disabled={disabled || busy}
          onClick={() => {
            if (requireSignIn()) input.current?.click();
          }}
          data-testid="draw-reference-upload"
        >
          <UploadOutlined aria-hidden="true" /> {busy ? t('draw.uploading') : t('draw.reference_choose')}
        </button>
      )}
      <input ref={input} type="file" accept={ACCEPT} hidden onChange={(e) => void choose(e.target.files?.[0])} data-testid="draw-reference-input" />
      {shown && (
        <p className="draw-field__error" role="alert" data-testid="draw-reference-error">
          {shown}
        </p>
      )}
      {denoising !== null && value && (
        <label className="draw-range">
          <span>{t('draw.denoising', { value: denoising.toFixed(2) })}</span>
          <input type="range" min={0} max={1} step={0.05} value={denoising} onChange={(e) => onDenoising(Number(e.target.value))} disabled={disabled} data-testid="draw-denoising" />
        </label>
      )}
    </Field>
  );
}
