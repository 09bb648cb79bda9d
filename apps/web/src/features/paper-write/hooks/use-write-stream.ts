import type { PaperWriteStreamEvent } from '@xueba/contract';
import { useCallback, useMemo, useState } from 'react';
import { useAiStream } from '@/hooks/use-ai-stream';
import { api, type ApiBody } from '@/lib/api';
import { applyStreamBalance } from '@/lib/ai-stream';
import { queryClient } from '@/lib/query-client';
import { patchDetail, paperWriteKeys, storeSection } from '../api/paper-write-api';

export type WriteTask = 'outline' | 'draft' | 'polish';
export type WritePhase = 'idle' | 'starting' | 'streaming' | 'done' | 'failed';

export interface WriteState {
  task: WriteTask | null;
  /** The section being written or polished (null for the outline). */
  section: string | null;
  phase: WritePhase;
  /** The model's text so far (citations already checked by the server). */
  text: string;
  /** Whether a model writes (false: extracts arrive at once, no deltas). */
  byModel: boolean;
  /** Citation numbers the server took out because they cite nothing. */
  invalid: number[];
  /** What the server said about the result (partial outline, extracts, citations taken out). */
  notice: string | null;
  error: { message: string; key: string | null } | null;
}

const IDLE: WriteState = { task: null, section: null, phase: 'idle', text: '', byModel: false, invalid: [], notice: null, error: null };

type Bodies = {
  outline: ApiBody<'paperWriteOutlineGenerate'>;
  draft: ApiBody<'paperWriteSectionDraft'>;
  polish: ApiBody<'paperWriteSectionPolish'>;
};

const ENDPOINTS = {
  outline: api.paperWriteOutlineGenerate,
  draft: api.paperWriteSectionDraft,
  polish: api.paperWriteSectionPolish,
} as const;

/**
 * Runs one of the three writing streams of a project (outline, draft,
 * polish). Deltas show as they arrive; the `outline` or `section` frame
 * carries what the server stored, which goes straight into the cached detail
 * (the page re-renders from it), so a reload shows the same as the stream did.
 * One run at a time per project page.
 */
export function useWriteStream(projectId: number) {
  const stream = useAiStream<PaperWriteStreamEvent>();
  const [state, setState] = useState<WriteState>(IDLE);

  const run = useCallback(
    async <T extends WriteTask>(task: T, body: Bodies[T]) => {
      const section = 'section' in body ? body.section : null;
      setState({ ...IDLE, task, section, phase: 'starting' });
      const outcome = await stream.run(ENDPOINTS[task], body, {
        refusalFrames: true,
        onText: (delta) => setState((s) => ({ ...s, phase: 'streaming', text: s.text + delta })),
        onFrame: (frame) => {
          switch (frame.type) {
            case 'start':
              setState((s) => ({ ...s, phase: 'streaming', byModel: frame.by_model }));
              // Other tabs and the list see "generating" at once.
              if (frame.section) patchDetail(projectId, (d) => ({ ...d, drafts: d.drafts.map((x) => (x.key === frame.section && task === 'draft' ? { ...x, status: 'generating' } : x)) }));
              break;
            case 'citation':
              setState((s) => ({ ...s, invalid: [...new Set([...s.invalid, ...frame.invalid])] }));
              break;
            case 'outline':
              patchDetail(projectId, (d) => ({ ...d, outline: frame.outline, outline_revision: frame.revision, drafts: frame.drafts, sections: frame.drafts.length }));
              setState((s) => ({ ...s, notice: frame.notice_msg }));
              break;
            case 'section':
              storeSection(projectId, frame.section, frame.words);
              setState((s) => ({ ...s, notice: frame.section.notice_msg }));
              break;
            case 'end':
              applyStreamBalance(frame.balance);
              setState((s) => ({ ...s, phase: 'done' }));
              break;
            case 'error':
              applyStreamBalance(frame.balance);
              setState((s) => ({ ...s, phase: 'failed', error: { message: frame.msg, key: frame.code } }));
              break;
          }
        },
      });
      if (outcome.kind === 'refused') setState((s) => ({ ...s, phase: 'failed', error: { message: outcome.error.message, key: outcome.error.key } }));
      else if (outcome.kind === 'failed') setState((s) => ({ ...s, phase: 'failed', error: { message: outcome.message ?? '', key: null } }));
      else if (outcome.kind === 'stopped') setState((s) => ({ ...s, phase: 'done' }));
      // The stored state is the authority (a stop or a failure leaves what the server kept).
      void queryClient.invalidateQueries({ queryKey: paperWriteKeys.detail(projectId) });
      void queryClient.invalidateQueries({ queryKey: paperWriteKeys.lists });
      void queryClient.invalidateQueries({ queryKey: paperWriteKeys.options });
    },
    [stream, projectId],
  );

  const reset = useCallback(() => setState(IDLE), []);
  const busy = state.phase === 'starting' || state.phase === 'streaming';
  return useMemo(() => ({ state, busy, run, stop: stream.stop, reset }), [state, busy, run, stream.stop, reset]);
}

export type WriteStream = ReturnType<typeof useWriteStream>;
