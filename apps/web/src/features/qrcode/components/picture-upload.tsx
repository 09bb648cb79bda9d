import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { isRequestError } from '@/lib/request';
import { uploadPicture } from '../api/qrcode-api';
import type { Picture } from '../lib/qr-form';
import { Field, FieldError } from './field';

const ACCEPT = 'image/png,image/jpeg,image/webp';

interface Props {
  label: string;
  hint?: ReactNode;
  value: Picture | null;
  onChange: (picture: Picture | null) => void;
  /** true when signed in; otherwise opens the sign-in popup (uploads belong to a user). */
  requireSignIn: () => boolean;
  error?: string;
  testId: string;
  disabled?: boolean;
  children?: ReactNode;
}

/**
 * A picture sent through `POST /upload/image` (logo, background, img2img
 * reference); the server decides what it accepts and its refusal (type,
 * size) is shown as it gives it.
 */
export function PictureUpload({ label, hint, value, onChange, requireSignIn, error, testId, disabled, children }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    try {
      const uploaded = await uploadPicture(file);
      onChange({ uri: uploaded.uri, url: uploaded.url });
    } catch (e) {
      setRefusal(isRequestError(e) && e.message ? e.message : t('qrcode.upload_failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Field label={label} hint={hint} testId={testId}>
      {value ? (
        <div className="qr-picture">
          <img src={mediaUrl(value.url)} alt={label} data-testid={`${testId}-preview`} />
          <button type="button" className="icon-btn icon-btn--sm qr-picture__remove" onClick={() => onChange(null)} aria-label={t('qrcode.upload_remove')} disabled={disabled} data-testid={`${testId}-remove`}>
            <CloseOutlined />
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="qr-upload"
          disabled={disabled || busy}
          onClick={() => {
            if (requireSignIn()) input.current?.click();
          }}
          data-testid={`${testId}-upload`}
        >
          <UploadOutlined aria-hidden="true" /> {busy ? t('qrcode.uploading') : t('qrcode.upload_choose')}
        </button>
      )}
      <input ref={input} type="file" accept={ACCEPT} hidden onChange={(e) => void choose(e.target.files?.[0])} data-testid={`${testId}-input`} />
      <FieldError message={refusal ?? error} testId={`${testId}-error`} />
      {value && children}
    </Field>
  );
}
