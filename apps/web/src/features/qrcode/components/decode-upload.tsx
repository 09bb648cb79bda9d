import { ScanOutlined } from '@ant-design/icons';
import type { QrDecodeResult } from '@xueba/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '@/lib/request';
import { decodePicture } from '../api/qrcode-api';
import { FieldError } from './field';

/**
 * `upload`: a picture of an existing code is decoded on the server and its
 * content taken into the form, to restyle it. A picture without a code says so.
 */
export function DecodeUpload({ onDecoded, disabled }: { onDecoded: (result: QrDecodeResult) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    setDone(false);
    try {
      onDecoded(await decodePicture(file));
      setDone(true);
    } catch (e) {
      setRefusal(isRequestError(e) && e.message ? e.message : t('qrcode.decode_failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="qr-decode" data-testid="qr-decode">
      <button type="button" className="btn btn--outline btn--sm" disabled={disabled || busy} onClick={() => input.current?.click()} data-testid="qr-decode-upload">
        <ScanOutlined aria-hidden="true" /> {busy ? t('qrcode.decode_working') : t('qrcode.decode_choose')}
      </button>
      <span className="muted small">{t('qrcode.decode_hint')}</span>
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={(e) => void choose(e.target.files?.[0])} data-testid="qr-decode-input" />
      {done && (
        <p className="qr-decode__done small" role="status" data-testid="qr-decode-done">
          {t('qrcode.decode_done')}
        </p>
      )}
      <FieldError message={refusal ?? undefined} testId="qr-decode-error" />
    </div>
  );
}
