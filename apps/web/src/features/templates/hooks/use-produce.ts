import type { CreateStreamEvent, Source } from '@xueba/contract';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiStream } from '@/hooks/use-ai-stream';
import { api } from '@/lib/api';
import { applyStreamBalance } from '@/lib/ai-stream';
import type { RequestError } from '@/lib/request';
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

/** Runs a template and streams its output through `useAiStream`, as the chat does. */
export function useProduce(onRefused: (error: RequestError) => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<ProduceState>(IDLE);
  const stream = useAiStream<CreateStreamEvent>();
  /** Server id of the creation being streamed (known from its `start` frame), for stop. */
  const creation = useRef<{ id: number | null } | null>(null);

  const produce = useCallback(
    async (templateId: number, fields: Record<string, string>, model: string | undefined) => {
      const current = { id: null as number | null };
      creation.current = current;
      setState({ ...IDLE, status: 'generating' });
      const failText = (code: string, msg: string) => msg || (t(`msg.${code}`) !== `msg.${code}` ? t(`msg.${code}`) : t('chat.stream_failed'));
      try {
        const outcome = await stream.run(
          api.createProduce,
          { template_id: templateId, fields, model },
          {
            onText: (text) => setState((s) => ({ ...s, text: s.text + text })),
            onFrame: (event) => {
              if (event.type === 'start') {
                current.id = event.creation_id;
                setState((s) => ({ ...s, offline: event.offline, creationId: event.creation_id }));
              } else if (event.type === 'sources') setState((s) => ({ ...s, sources: event.passages }));
              else if (event.type === 'end') {
                setState((s) => ({ ...s, status: event.status }));
                applyStreamBalance(event.balance);
              } else {
                setState((s) => ({ ...s, status: 'failed', error: failText(event.code, event.msg) }));
                applyStreamBalance(event.balance);
              }
            },
          },
        );
        if (outcome.kind === 'stopped') setState((s) => (s.status === 'generating' ? { ...s, status: 'stopped' } : s));
        else if (outcome.kind === 'refused') {
          setState(IDLE);
          onRefused(outcome.error);
        } else if (outcome.kind === 'failed') setState((s) => ({ ...s, status: 'failed', error: outcome.message ?? t('chat.stream_failed') }));
      } finally {
        if (creation.current === current) creation.current = null;
        void invalidateHistory();
      }
    },
    [onRefused, stream, t],
  );

  const stop = useCallback(async () => {
    const current = creation.current;
    if (!current) return;
    const id = current.id;
    await stream.stop(id !== null ? () => stopCreation(id) : undefined);
  }, [stream]);

  /** Shows a past creation in the output panel. */
  const show = useCallback((next: ProduceState) => {
    if (!creation.current) setState(next);
  }, []);

  return { state, produce, stop, show };
}
