import type { QrDecodeResult, QrOptions, QrRecord } from '@xueba/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { hasKey, isRequestError } from '@/lib/request';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { makeStyled, submitAi } from '../api/qrcode-api';
import { formErrorOf, type FormError } from '../lib/form-error';
import { initialForm, offered, toAiBody, toStyledBody, withContent, withRecord, type QrForm } from '../lib/qr-form';
import type { Shown } from '../components/result/result-panel';

const idParam = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The QR page's state: the form (every type keeps its own fields), the
 * refusal of the last attempt (under its field or under the form), and the
 * code shown. A stored code is named in the URL (`?id=`), so a reload keeps
 * watching an AI job; a styled code just made is shown from its answer.
 */
export function useQrWorkspace(options: QrOptions) {
  const { t } = useTranslation();
  const { signedIn, user } = useUser();
  const [params, setParams] = useSearchParams();
  const [raw, setForm] = useState<QrForm>(() => initialForm(options));
  // The options are read again after each code: a model or size no longer offered falls back to the first.
  const form = useMemo(() => offered(options, raw), [options, raw]);
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<Shown>(null);

  const set = useCallback((patch: Partial<QrForm>) => setForm((f) => ({ ...f, ...patch })), []);

  const recordId = idParam(params.get('id'));
  const shown: Shown = recordId !== null ? { kind: 'record', id: recordId } : made;

  const showRecord = useCallback(
    (id: number | null) =>
      setParams(
        (p) => {
          if (id === null) p.delete('id');
          else p.set('id', String(id));
          p.delete('tab');
          return p;
        },
        { replace: false },
      ),
    [setParams],
  );

  const requireSignIn = useCallback(
    (reason: string) => () => {
      if (signedIn) return true;
      openLogin(LOGIN_MODE.LOGIN, reason);
      return false;
    },
    [signedIn],
  );

  const fail = useCallback(
    (e: unknown, fallback: string) => {
      // Code -1: the request layer has opened the sign-in popup already.
      if (isRequestError(e) && e.code === -1) return;
      if (hasKey(e, 'qrcode_visitor_limit')) openLogin(LOGIN_MODE.LOGIN, e instanceof Error ? e.message : null);
      setError(formErrorOf(e, fallback));
    },
    [],
  );

  const makeCode = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await makeStyled(toStyledBody(form));
      setMade({ kind: 'styled', result });
      if (recordId !== null) showRecord(null);
    } catch (e) {
      fail(e, t('qrcode.make_failed'));
    } finally {
      setBusy(false);
    }
  }, [form, fail, t, recordId, showRecord]);

  const submitArt = useCallback(async () => {
    if (!requireSignIn(t('qrcode.sign_in_to_ai'))()) return;
    if (form.generation === 'img2img' && !form.reference) {
      setError({ field: 'reference_image', message: t('qrcode.reference_required') });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const accepted = await submitAi(toAiBody(form));
      showRecord(accepted.id);
    } catch (e) {
      fail(e, t('qrcode.make_failed'));
    } finally {
      setBusy(false);
    }
  }, [form, fail, t, requireSignIn, showRecord]);

  const onDecoded = useCallback((decoded: QrDecodeResult) => {
    setError(null);
    setForm((f) => withContent(f, decoded.parsed));
  }, []);

  /** History's "open": the code in the result panel and its settings back in the form. */
  const openRecord = useCallback(
    (record: QrRecord) => {
      setError(null);
      setForm((f) => withRecord(f, record));
      setMade(null);
      showRecord(record.id);
      toast.info(t('qrcode.opened'));
    },
    [showRecord, t],
  );

  return {
    form,
    set,
    setField: (name: string, value: string | boolean) => setForm((f) => ({ ...f, fields: { ...f.fields, [f.type]: { ...f.fields[f.type], [name]: value } } })),
    error,
    busy,
    shown,
    signedIn,
    isAdmin: user?.role === 'admin',
    requireUpload: requireSignIn(t('qrcode.sign_in_to_upload')),
    submit: () => void (form.mode === 'ai' ? submitArt() : makeCode()),
    onDecoded,
    openRecord,
  };
}
