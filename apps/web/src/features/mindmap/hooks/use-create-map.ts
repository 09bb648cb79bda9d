import type { MindmapCreateInput, MindmapDetail, MindmapNode, MindmapStreamEvent } from '@xueba/contract';
import { useCallback, useRef, useState } from 'react';
import { useAiStream } from '@/hooks/use-ai-stream';
import { api } from '@/lib/api';
import { applyStreamBalance } from '@/lib/ai-stream';
import { queryClient } from '@/lib/query-client';
import { type RequestError } from '@/lib/request';
import { mindmapKeys } from '../api/mindmap-api';
import { parseOutline } from '../lib/outline';

export type CreatePhase = 'idle' | 'starting' | 'streaming' | 'done' | 'failed';

export interface CreateState {
  phase: CreatePhase;
  id: number | null;
  title: string;
  /** The map so far: the outline read as it streams, then the server's tree. */
  preview: MindmapNode | null;
  nodes: number;
  /** Why it failed or was refused: the server's message (in the reader's language) and its key. */
  error: { message: string; key: string | null } | null;
  /** The server's notice on the finished map (partial outline, structure only). */
  notice: string | null;
}

const IDLE: CreateState = { phase: 'idle', id: null, title: '', preview: null, nodes: 0, error: null, notice: null };

/**
 * Runs `POST /mindmap/create`: every source answers a stream. A model's
 * outline is read in the browser as it arrives, so the preview grows; the
 * `map` frame then hands over the tree the server stored, which replaces the
 * preview. `onMap` gets the stored map's id once it exists.
 */
export function useCreateMap(onMap: (id: number) => void) {
  const stream = useAiStream<MindmapStreamEvent>();
  const [state, setState] = useState<CreateState>(IDLE);
  const text = useRef('');
  const title = useRef('');

  const run = useCallback(
    async (body: MindmapCreateInput, fallbackTitle: string) => {
      text.current = '';
      title.current = body.title || fallbackTitle;
      setState({ ...IDLE, phase: 'starting', title: title.current });
      let mapId: number | null = null;
      const outcome = await stream.run(api.mindmapCreate, body, {
        refusalFrames: true,
        onText: (delta) => {
          text.current += delta;
          const parsed = parseOutline(text.current, title.current, false);
          setState((s) => ({ ...s, phase: 'streaming', preview: parsed.tree, nodes: parsed.nodes }));
        },
        onFrame: (frame) => {
          if (frame.type === 'start') {
            title.current = frame.title;
            setState((s) => ({ ...s, id: frame.id, title: frame.title, phase: frame.streaming ? 'streaming' : 'starting' }));
          } else if (frame.type === 'map') {
            mapId = frame.id;
            const detail: MindmapDetail | undefined = queryClient.getQueryData(mindmapKeys.detail(frame.id));
            if (!detail) void queryClient.invalidateQueries({ queryKey: mindmapKeys.detail(frame.id) });
            setState((s) => ({ ...s, id: frame.id, title: frame.title, preview: frame.tree, notice: frame.notice_msg }));
          } else if (frame.type === 'end') {
            applyStreamBalance(frame.balance);
            setState((s) => ({ ...s, phase: 'done' }));
          } else if (frame.type === 'error') {
            applyStreamBalance(frame.balance);
            setState((s) => ({ ...s, phase: 'failed', error: { message: frame.msg, key: frame.code } }));
          }
        },
      });
      void queryClient.invalidateQueries({ queryKey: mindmapKeys.lists });
      void queryClient.invalidateQueries({ queryKey: mindmapKeys.options });
      if (outcome.kind === 'refused') {
        const error: RequestError = outcome.error;
        setState((s) => ({ ...s, phase: 'failed', error: { message: error.message, key: error.key } }));
      } else if (outcome.kind === 'failed') {
        setState((s) => ({ ...s, phase: 'failed', error: { message: outcome.message ?? '', key: null } }));
      } else if (outcome.kind === 'stopped') {
        setState((s) => ({ ...s, phase: s.preview ? 'done' : 'idle' }));
      }
      // Whatever parsed was stored: open it, even after a model failure.
      if (mapId !== null) onMap(mapId);
    },
    [stream, onMap],
  );

  const reset = useCallback(() => setState(IDLE), []);
  return { state, run, stop: stream.stop, reset };
}
