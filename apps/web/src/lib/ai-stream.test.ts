import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAiStream, type AiStreamEvent } from './ai-stream';
import { api } from './api';
import { configureRequest, requestContext } from './request/context';
import { isRequestError } from './request';

const original = { ...requestContext };
let toasts: string[] = [];

function sse(frames: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const f of frames) controller.enqueue(new TextEncoder().encode(f));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}
const frame = (event: object) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`;

beforeEach(() => {
  toasts = [];
  configureRequest({ apiUrl: (p) => `/api${p}`, toastError: (m) => toasts.push(m), onLoginFailure: () => undefined });
});
afterEach(() => configureRequest(original));

describe('runAiStream', () => {
  it('hands over typed events in order, split across reads anywhere', async () => {
    const text = frame({ type: 'delta', text: 'Hel' }) + ': keep-alive\n\n' + frame({ type: 'delta', text: 'lo' }) + frame({ type: 'end', message_id: 3, status: 'done', usage: { prompt_tokens: 1, completion_tokens: 1, words: 1 }, charged: null, balance: null });
    configureRequest({ fetch: vi.fn(async () => sse([text.slice(0, 7), text.slice(7, 40), text.slice(40)])) });
    const events: AiStreamEvent[] = [];
    await runAiStream(api.chatSend, { content: 'q' }, (e) => events.push(e));
    expect(events.map((e) => e.type)).toEqual(['delta', 'delta', 'end']);
  });

  it('reports a malformed frame and a stream that closes without an end as errors', async () => {
    configureRequest({ fetch: vi.fn(async () => sse(['data: {not json\n\n'])) });
    const bad: AiStreamEvent[] = [];
    await runAiStream(api.chatSend, {}, (e) => bad.push(e));
    expect(bad).toMatchObject([{ type: 'error', code: 'model_malformed' }]);

    configureRequest({ fetch: vi.fn(async () => sse([frame({ type: 'delta', text: 'partial' })])) });
    const cut: AiStreamEvent[] = [];
    await runAiStream(api.chatSend, {}, (e) => cut.push(e));
    expect(cut.map((e) => e.type)).toEqual(['delta', 'error']);
    expect(cut[1]).toMatchObject({ code: 'stream_closed' });
  });

  it('skips a frame of an unknown type, saying so on the console in development', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configureRequest({ fetch: vi.fn(async () => sse([frame({ type: 'thinking', text: 'hm' }) + frame({ type: 'delta', text: 'a' })])) });
    const events: AiStreamEvent[] = [];
    await runAiStream(api.chatSend, {}, (e) => events.push(e));
    expect(events.map((e) => e.type)).toEqual(['delta', 'error']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/chat/send'), { type: 'thinking', text: 'hm' });
    warn.mockRestore();
  });

  it('rejects a JSON refusal (402) with its status and message, without a toast', async () => {
    const refusal = new Response(JSON.stringify({ code: 0, data: null, show: 1, msg: 'Insufficient conversation balance', key: 'insufficient_conversation_balance' }), { status: 402, headers: { 'content-type': 'application/json' } });
    configureRequest({ fetch: vi.fn(async () => refusal) });
    const error = await runAiStream(api.chatSend, {}, () => undefined).catch((e: unknown) => e);
    expect(isRequestError(error) && error.status).toBe(402);
    expect(isRequestError(error) && error.message).toBe('Insufficient conversation balance');
    expect(isRequestError(error) && error.key).toBe('insufficient_conversation_balance');
    expect(toasts).toEqual([]);
  });
});
