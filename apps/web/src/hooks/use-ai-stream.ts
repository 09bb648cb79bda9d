import { Code, type BodyOf, type Endpoint } from '@xueba/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { EndpointRef } from '@/lib/api';
import { runAiStream, type AiStreamEvent } from '@/lib/ai-stream';
import { isRefusal, RequestError } from '@/lib/request';

/** Every frame but the text deltas, which arrive batched through `onText`. */
export type StreamFrame<F extends AiStreamEvent> = Exclude<F, { type: 'delta' }>;

export interface StreamHandlers<F extends AiStreamEvent> {
  /** Each non-delta frame, in order; the text of the deltas before it has already gone to `onText`. */
  onFrame: (frame: StreamFrame<F>) => void;
  /** The text of the deltas since the last animation frame: at most one call (one render) per frame. */
  onText: (text: string) => void;
  /**
   * true: an error frame marked `refused` (the question lost a limit or balance
   * race after the stream started, nothing was saved) ends the run as a
   * refusal, like one answered before the stream. false: it is handed to
   * `onFrame` as any other error frame.
   */
  refusalFrames?: boolean;
}

/**
 * How a run ended. `ok`: the stream ran out (its end or error frame went to
 * `onFrame`). `stopped`: cut by `stop()` or by leaving the page. `refused`: the
 * server declined before the answer started (balance, limits, sign-in).
 * `failed`: it broke on the way (network, server error), with the error's text
 * when it has one.
 */
export type StreamOutcome = { kind: 'ok' } | { kind: 'stopped' } | { kind: 'refused'; error: RequestError } | { kind: 'failed'; message: string | null };

interface Run {
  controller: AbortController;
  pending: string;
  frame: number | null;
  onText: (text: string) => void;
  /** Settles at the end or error frame, or when the run is over. */
  ended: Promise<void>;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function flush(run: Run): void {
  run.frame = null;
  if (!run.pending) return;
  const text = run.pending;
  run.pending = '';
  run.onText(text);
}

/**
 * Streams one contract endpoint's answer (body typed by the contract, frames
 * of type `F`) into a component: deltas are batched per animation frame, so a
 * fast model costs at most one render per frame however many chunks it sends;
 * the connection is cut when the component unmounts (the server keeps the
 * partial answer, as when a tab closes). One run at a time per hook.
 */
export function useAiStream<F extends AiStreamEvent>() {
  const active = useRef<Run | null>(null);

  useEffect(() => () => active.current?.controller.abort(), []);

  const run = useCallback(async <E extends Endpoint>(endpoint: EndpointRef<E>, body: BodyOf<E>, handlers: StreamHandlers<F>): Promise<StreamOutcome> => {
    const controller = new AbortController();
    let resolveEnded: () => void = () => undefined;
    const current: Run = { controller, pending: '', frame: null, onText: handlers.onText, ended: new Promise<void>((r) => (resolveEnded = r)) };
    active.current = current;
    // A holder, not two lets: the callback below sets them, which control-flow narrowing would not see.
    const seen: { started: boolean; refusal: RequestError | null } = { started: false, refusal: null };
    const onEvent = (event: F) => {
      if (event.type === 'delta') {
        current.pending += event.text;
        current.frame ??= requestAnimationFrame(() => flush(current));
        return;
      }
      const frame = event as StreamFrame<F>;
      if (frame.type === 'start') seen.started = true;
      if (frame.type === 'error' && frame.refused && handlers.refusalFrames) {
        seen.refusal = new RequestError(frame.msg, { status: frame.status ?? 400, code: Code.FAIL, key: frame.code });
        controller.abort();
        return;
      }
      flush(current);
      handlers.onFrame(frame);
      if (frame.type === 'end' || frame.type === 'error') resolveEnded();
    };
    try {
      await runAiStream<F>(endpoint, body ?? {}, onEvent, controller.signal);
      return seen.refusal ? { kind: 'refused', error: seen.refusal } : { kind: 'ok' };
    } catch (error) {
      flush(current);
      if (seen.refusal) return { kind: 'refused', error: seen.refusal };
      if (controller.signal.aborted) return { kind: 'stopped' };
      if (!seen.started && isRefusal(error)) return { kind: 'refused', error };
      return { kind: 'failed', message: error instanceof Error && error.message ? error.message : null };
    } finally {
      if (current.frame !== null) cancelAnimationFrame(current.frame);
      resolveEnded();
      if (active.current === current) active.current = null;
    }
  }, []);

  /**
   * Stops the running answer. With `askServer` (the answer has a server id),
   * the server is asked to stop first so it ends the stream itself with
   * `end: stopped` and settles the bill; the connection is cut only if that has
   * not happened within a few seconds. Without it, the connection is cut at once.
   */
  const stop = useCallback(async (askServer?: () => Promise<unknown>) => {
    const current = active.current;
    if (!current) return;
    if (askServer) {
      await Promise.race([askServer().catch(() => undefined), delay(3000)]);
      await Promise.race([current.ended, delay(1500)]);
    }
    if (active.current === current) current.controller.abort();
  }, []);

  return useMemo(() => ({ run, stop }), [run, stop]);
}
