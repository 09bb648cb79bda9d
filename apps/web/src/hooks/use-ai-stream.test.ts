import type { ChatStreamEvent } from '@xueba/contract';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { configureRequest, requestContext } from '@/lib/request/context';
import { useAiStream, type StreamFrame, type StreamOutcome } from './use-ai-stream';

const original = { ...requestContext };
const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;
const start = { type: 'start', conversation_id: 1, user_message_id: 1, assistant_message_id: 2, model: 'm', model_name: 'M', offline: false, title: null };
const end = { type: 'end', message_id: 2, status: 'done', usage: { prompt_tokens: 1, completion_tokens: 1, words: 1 }, charged: null, balance: null };

/** A stream whose frames the test releases one by one. */
function controlledStream() {
  let push: (text: string) => void = () => undefined;
  let close: () => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
      close = () => controller.close();
      fail = (error) => controller.error(error);
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => push(text),
    close: () => close(),
    // What a browser does to the body of an aborted fetch.
    abort: () => fail(new DOMException('aborted', 'AbortError')),
  };
}

const json = (body: object, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  const frames: StreamFrame<ChatStreamEvent>[] = [];
  const texts: string[] = [];
  const hook = renderHook(() => useAiStream<ChatStreamEvent>());
  const run = () => hook.result.current.run(api.chatSend, { content: 'q' }, { onFrame: (f) => frames.push(f), onText: (t) => texts.push(t), refusalFrames: true });
  return { hook, frames, texts, run };
}

let frameCallbacks: FrameRequestCallback[] = [];
beforeEach(() => {
  frameCallbacks = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frameCallbacks.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  configureRequest({ apiUrl: (p) => `/api${p}`, toastError: () => undefined, onLoginFailure: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  configureRequest(original);
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('useAiStream', () => {
  it('batches the deltas of one animation frame into one text, flushed before the next frame', async () => {
    const s = controlledStream();
    configureRequest({ fetch: vi.fn(async () => s.response) });
    const { frames, texts, run } = setup();
    let outcome: Promise<StreamOutcome> = Promise.resolve({ kind: 'ok' });
    act(() => void (outcome = run()));
    s.push(frame(start) + frame({ type: 'delta', text: 'Hel' }) + frame({ type: 'delta', text: 'lo' }));
    await tick();
    expect(texts).toEqual([]);
    expect(frameCallbacks).toHaveLength(1);
    frameCallbacks[0]?.(0);
    expect(texts).toEqual(['Hello']);
    s.push(frame({ type: 'delta', text: ' world' }) + frame(end));
    s.close();
    expect(await outcome).toEqual({ kind: 'ok' });
    // The end frame flushed the pending text first, without waiting for a frame.
    expect(texts).toEqual(['Hello', ' world']);
    expect(frames.map((f) => f.type)).toEqual(['start', 'end']);
  });

  it('is a refusal when the server declines before the answer starts, with the key to branch on', async () => {
    configureRequest({ fetch: vi.fn(async () => json({ code: 0, data: null, show: 1, msg: '余额不足', key: 'insufficient_conversation_balance' }, 402)) });
    const outcome = await setup().run();
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.error.key).toBe('insufficient_conversation_balance');
  });

  it('is a failure, not a refusal, when the server breaks', async () => {
    configureRequest({ fetch: vi.fn(async () => json({ code: 0, data: null, show: 1, msg: 'Server exception', key: 'server_exception' }, 500)) });
    expect(await setup().run()).toEqual({ kind: 'failed', message: 'Server exception' });
    configureRequest({ fetch: vi.fn(async () => Promise.reject(new TypeError('fetch failed'))) });
    expect((await setup().run()).kind).toBe('failed');
  });

  it('turns an error frame marked refused into a refusal carrying its key and status', async () => {
    const refused = { type: 'error', message_id: null, code: 'chat_limit_reached', msg: 'Limit', charged: null, balance: null, refused: true, status: 429 };
    configureRequest({ fetch: vi.fn(async () => new Response(frame(refused), { headers: { 'content-type': 'text/event-stream' } })) });
    const { run, frames } = setup();
    const outcome = await run();
    expect(outcome.kind === 'refused' && [outcome.error.key, outcome.error.status, outcome.error.message]).toEqual(['chat_limit_reached', 429, 'Limit']);
    expect(frames).toEqual([]);
  });

  it('stops: asks the server, then cuts the connection when the stream does not end by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const s = controlledStream();
      configureRequest({ fetch: vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
        init?.signal?.addEventListener('abort', () => s.abort());
        return s.response;
      }) });
      const { hook, run, texts } = setup();
      const outcome = run();
      s.push(frame(start) + frame({ type: 'delta', text: 'part' }));
      await vi.advanceTimersByTimeAsync(0);
      const askServer = vi.fn(async () => undefined);
      const stopped = hook.result.current.stop(askServer);
      await vi.advanceTimersByTimeAsync(1500);
      await stopped;
      expect(askServer).toHaveBeenCalledOnce();
      expect(await outcome).toEqual({ kind: 'stopped' });
      expect(texts).toEqual(['part']);
    } finally {
      vi.useRealTimers();
    }
  });
});
