import type { DrawOptions, DrawRecord } from '@xueba/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/notify';
import { hasKey, isRequestError } from '@/lib/request';
import { fetchRecord, fetchSquareItem, isActive, refreshBalances, submitDrawing, useDrawDetail } from '../api/draw-api';
import { formFromSource, initialForm, normalizeForm, toSubmitBody, validateForm, type DrawForm } from '../lib/draw-form';
import { useSignInGate } from './use-sign-in-gate';

const idParam = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The drawing page's state: the form, the job shown (`?id=`, so a reload keeps
 * watching it), "draw the same" (`?same=<square item>`) and "draw again"
 * (`?again=<record>`), which fill the form once and leave the URL.
 */
export function useDrawWorkspace(options: DrawOptions) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gate = useSignInGate();
  const [form, setForm] = useState<DrawForm>(() => initialForm(options));
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [balanceMessage, setBalanceMessage] = useState<string | null>(null);

  const set = useCallback((patch: Partial<DrawForm>) => setForm((f) => normalizeForm(options, { ...f, ...patch })), [options]);
  const dropParam = useCallback(
    (name: string) =>
      setParams(
        (p) => {
          p.delete(name);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  const jobId = idParam(params.get('id'));
  const job = useDrawDetail(gate.signedIn ? jobId : null);

  // "Draw the same" and "draw again" fill the form once, then leave the URL.
  const sameId = idParam(params.get('same'));
  const againId = idParam(params.get('again'));
  const signedIn = gate.signedIn;
  useEffect(() => {
    if (sameId === null && againId === null) return undefined;
    let live = true;
    const source = sameId !== null ? fetchSquareItem(sameId) : signedIn && againId !== null ? fetchRecord(againId) : null;
    if (!source) return undefined;
    source.then(
      (found) => {
        if (!live) return;
        setForm((f) => formFromSource(options, f, found));
        if (sameId !== null) toast.info(t('draw.same_filled'));
        dropParam(sameId !== null ? 'same' : 'again');
      },
      (error: unknown) => {
        if (!live) return;
        toast.error(isRequestError(error) && error.message ? error.message : t(sameId !== null ? 'msg.square_not_found' : 'msg.draw_not_found'));
        dropParam(sameId !== null ? 'same' : 'again');
      },
    );
    return () => {
      live = false;
    };
    // The options only matter for the first fill; a balance refresh must not fill the form again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sameId, againId, signedIn]);

  // A job that ends may have given its count back: read the balances again once it does, whether
  // this page saw it queued or running, or only submitted it (a refusal can end a job before the first poll).
  const status = job.data?.status;
  const shownId = job.data?.id;
  const watching = useRef<number | null>(null);
  useEffect(() => {
    if (!status || shownId === undefined) return;
    if (isActive(status)) watching.current = shownId;
    else if (watching.current === shownId) {
      watching.current = null;
      refreshBalances();
    }
  }, [status, shownId]);

  const submitForm = useCallback(
    async (next: DrawForm) => {
      if (!gate.requireSignIn()) return;
      const errors = validateForm(options, next);
      if (Object.keys(errors).length > 0) {
        setTried(true);
        return;
      }
      setSubmitting(true);
      try {
        const accepted = await submitDrawing(toSubmitBody(options, next));
        watching.current = accepted.id;
        setTried(false);
        setParams({ id: String(accepted.id) });
      } catch (error) {
        if (hasKey(error, 'draw_insufficient')) setBalanceMessage(isRequestError(error) && error.message ? error.message : t('msg.draw_insufficient'));
        // Code -1: the request layer has opened the sign-in popup already.
        else if (!isRequestError(error) || error.code !== -1) toast.error(isRequestError(error) && error.message ? error.message : t('draw.submit_failed'));
      } finally {
        setSubmitting(false);
      }
    },
    [gate, setParams, t, options],
  );

  const submit = useCallback(() => void submitForm(form), [form, submitForm]);

  /** locality-draw: the record's settings into the form, and drawn again at once. */
  const drawAgain = useCallback(
    (record: DrawRecord) => {
      const next = formFromSource(options, form, record);
      setForm(next);
      void submitForm(next);
    },
    [form, submitForm, options],
  );

  return {
    form,
    set,
    errors: tried ? validateForm(options, form) : {},
    submitting,
    submit,
    drawAgain,
    job,
    jobId,
    signedIn: gate.signedIn,
    requireSignIn: gate.requireSignIn,
    balanceMessage,
    closeBalance: () => setBalanceMessage(null),
  };
}
