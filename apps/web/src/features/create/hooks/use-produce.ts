import type { CreateStreamEvent, Source } from '@xueba/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { applyStreamBalance, runAiStream } from '@/lib/ai-stream';
import { isRequestError, type RequestError } from '@/lib/request';
import { invalidateHistory, stopCreation } from '../api/templates';

export interface ProduceState {
  text: string;
  status: 'idle' | 'generating' | 'done' | 'stopped' | 'failed';
  error: string | null;
  sources: Source[];
  offline: boolean;
  creationId: number | null;
}

const IDLE: ProduceState = { text: '', status: 'idle', error: null, sources: [], offline: false, creationId: null };

/** Runs a template and streams its output, batching deltas per animation frame like the chat. */
export function useProduce(onRefused: (error: RequestError) => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<ProduceState>(IDLE);
  const run = useRef<{ controller: AbortController; id: number | null; pending: string; frame: number | null; ended: Promise<void> } | null>(null);

  useEffect(() => () => run.current?.controller.abort(), []);

  const flush = useCallback(() => {
    const current = run.current;
    if (!current) return;
    current.frame = null;
    if (!current.pending) return;
    const text = current.pending;
    current.pending = '';
    setState((s) => ({ ...s, text: s.text + text }));
  }, []);

  const produce = useCallback(
    async (templateId: number, fields: Record<string, string>, model: string | undefined) => {
      const controller = new AbortController();
      let resolveEnded: () => void = () => undefined;
      const current = { controller, id: null as number | null, pending: '', frame: null as number | null, ended: new Promise<void>((r) => (resolveEnded = r)) };
      run.current = current;
      setState({ ...IDLE, status: 'generating' });
      let started = false;
      const failText = (code: string, msg: string) => msg || (t(`msg.${code}`) !== `msg.${code}` ? t(`msg.${code}`) : t('chat.stream_failed'));
      try {
        await runAiStream<CreateStreamEvent>(
          api.createProduce.path,
          { template_id: templateId, fields, model },
          (event) => {
            if (event.type === 'start') {
              started = true;
              current.id = event.creation_id;
              setState((s) => ({ ...s, offline: event.offline, creationId: event.creation_id }));
            } else if (event.type === 'delta') {
              current.pending += event.text;
              current.frame ??= requestAnimationFrame(flush);
            } else if (event.type === 'sources') setState((s) => ({ ...s, sources: event.passages }));
            else if (event.type === 'end') {
              flush();
              setState((s) => ({ ...s, status: event.status }));
              applyStreamBalance(event.balance);
              resolveEnded();
            } else {
              flush();
              setState((s) => ({ ...s, status: 'failed', error: failText(event.code, event.msg) }));
              applyStreamBalance(event.balance);
              resolveEnded();
            }
          },
          controller.signal,
        );
      } catch (error) {
        flush();
        if (controller.signal.aborted) setState((s) => (s.status === 'generating' ? { ...s, status: 'stopped' } : s));
        else if (!started && isRequestError(error) && error.status !== 0 && error.status !== 500) {
          setState(IDLE);
          onRefused(error);
        } else setState((s) => ({ ...s, status: 'failed', error: error instanceof Error && error.message ? error.message : t('chat.stream_failed') }));
      } finally {
        if (current.frame !== null) cancelAnimationFrame(current.frame);
        resolveEnded();
        if (run.current === current) run.current = null;
        void invalidateHistory();
      }
    },
    [flush, onRefused, t],
  );

  const stop = useCallback(async () => {
    const current = run.current;
    if (!current) return;
    if (current.id !== null) {
      await Promise.race([stopCreation(current.id).catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
      await Promise.race([current.ended, new Promise((r) => setTimeout(r, 1500))]);
    }
    if (run.current === current) current.controller.abort();
  }, []);

  /** Shows a past creation in the output panel. */
  const show = useCallback((next: ProduceState) => {
    if (!run.current) setState(next);
  }, []);

  return { state, produce, stop, show };
}
