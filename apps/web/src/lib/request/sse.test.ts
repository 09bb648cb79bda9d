import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequest, requestContext } from './context';
import { createSseReader, type SseEvent } from './sse';
import { stream } from './stream';

function parseAll(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e));
  chunks.forEach((c) => reader.feed(c));
  reader.end();
  return events;
}

describe('SSE parser', () => {
  it('parses events, names, ids, comments and multi-line data', () => {
    const events = parseAll([': hello\n\nevent: delta\nid: 7\ndata: {"t":"a"}\n\ndata: line1\ndata: line2\n\n']);
    expect(events).toEqual([
      { event: 'delta', data: '{"t":"a"}', id: '7' },
      { event: 'message', data: 'line1\nline2', id: '7' },
    ]);
  });

  it('gives the same events whatever the chunk boundaries, CRLF included', () => {
    const text = 'event: delta\r\ndata: 你好\r\n\r\ndata: second\r\n\r\nevent: done\r\ndata: {}\r\n\r\n';
    const whole = parseAll([text]);
    expect(whole).toHaveLength(3);
    for (let i = 1; i < text.length; i++) expect(parseAll([text.slice(0, i), text.slice(i)])).toEqual(whole);
    expect(parseAll(text.split(''))).toEqual(whole);
  });

  it('flushes a last event without a trailing blank line and ignores empty data blocks', () => {
    expect(parseAll(['event: x\n\ndata: tail'])).toEqual([{ event: 'message', data: 'tail' }]);
  });
});

const original = { ...requestContext };
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function sseResponse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Split a multi-byte character across network reads to prove decoding is streaming-safe.
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  configureRequest({ fetch: fetchMock, apiUrl: (p) => `http://api.test/api${p}`, toastError: () => undefined, toastSuccess: () => undefined });
});
afterEach(() => configureRequest(original));

describe('stream', () => {
  it('POSTs JSON, accepts text/event-stream and delivers each event, then closes', async () => {
    fetchMock.mockResolvedValue(sseResponse(['data: a\n', '\ndata: b\n\n']));
    const messages: string[] = [];
    const onClose = vi.fn();
    await stream('/chat/stream', { params: { q: 'hi' }, onMessage: (e) => messages.push(e.data), onClose });
    expect(messages).toEqual(['a', 'b']);
    expect(onClose).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/chat/stream');
    expect(init?.body).toBe('{"q":"hi"}');
    expect((init?.headers as Record<string, string>)['Accept']).toBe('text/event-stream');
  });

  it('decodes UTF-8 split across reads', async () => {
    const bytes = new TextEncoder().encode('data: 学霸\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, 8));
        c.enqueue(bytes.slice(8));
        c.close();
      },
    });
    fetchMock.mockResolvedValue(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    const messages: string[] = [];
    await stream('/x', { onMessage: (e) => messages.push(e.data) });
    expect(messages).toEqual(['学霸']);
  });

  it('sends GET parameters as a query string', async () => {
    fetchMock.mockResolvedValue(sseResponse(['data: x\n\n']));
    await stream('/x', { method: 'GET', params: { a: 1, b: '' }, onMessage: () => undefined });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/api/x?a=1');
  });

  it('rejects a non-200 stream with the status text', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable', headers: { 'content-type': 'text/event-stream' } }));
    await expect(stream('/x', { onMessage: () => undefined })).rejects.toThrow('Service Unavailable');
  });

  it('parses a non-stream JSON answer through the envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 1, data: { done: true }, show: 0, msg: '' }), { headers: { 'content-type': 'application/json' } }));
    await expect(stream('/x', { onMessage: () => undefined })).resolves.toEqual({ done: true });
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 0, data: null, show: 1, msg: 'Insufficient conversation balance' }), { status: 402, headers: { 'content-type': 'application/json' } }));
    await expect(stream('/x', { onMessage: () => undefined })).rejects.toThrow('Insufficient conversation balance');
  });
});
