import { describe, expect, it } from 'vitest';
import type { ChatChunk, ChatModelClient } from '../../providers/ai/chat-model.js';
import type { Settlement } from './answers.repository.js';
import { streamUnmetered, type FrameSink } from './pipeline.js';

/** A sink that keeps the frames; `leave()` is the client going away. */
function memorySink() {
  const frames: { type: string; [key: string]: unknown }[] = [];
  let onClose: (() => void) | null = null;
  let ended = false;
  const sink: FrameSink = {
    send: (event) => void (!ended && frames.push(event)),
    onClientClose: (handler) => void (onClose = handler),
    end: () => void (ended = true),
  };
  return { sink, frames, leave: () => onClose?.(), ended: () => ended };
}

function scripted(chunks: ChatChunk[], afterEach?: (i: number) => void): ChatModelClient {
  return {
    async *stream(request) {
      for (const [i, chunk] of chunks.entries()) {
        if (request.signal?.aborted) throw new Error('aborted');
        yield chunk;
        afterEach?.(i);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
  };
}

function memoryLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_: object, msg: string) => void warnings.push(msg), error: (_: object, msg: string) => void warnings.push(msg) } };
}

const START = { type: 'start' as const, by_model: true, notice: null };

describe('the stream pipeline', () => {
  it('sends start, one delta per chunk and one end; the result writer gets the outcome; unknown frames are logged once, never sent', async () => {
    const { sink, frames, ended } = memorySink();
    const { log, warnings } = memoryLog();
    const stored: Settlement[] = [];
    const client = scripted([
      { type: 'text', text: 'Hel' },
      { type: 'unknown', frame: { a: 1 } },
      { type: 'text', text: 'lo' },
      { type: 'unknown', frame: { b: 2 } },
      { type: 'usage', promptTokens: 5, completionTokens: 2 },
    ]);
    await streamUnmetered(
      sink,
      { client, model: 'm', messages: [{ role: 'user', content: 'hi' }], locale: 'en', start: START, messageId: 7, persist: async (_db, s) => void stored.push(s) },
      { log, now: () => new Date(0), db: {} as never },
    );
    expect(frames).toEqual([
      START,
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
      { type: 'end', message_id: 7, status: 'done', usage: { prompt_tokens: 5, completion_tokens: 2, words: 1 }, charged: null, balance: null },
    ]);
    expect(ended()).toBe(true);
    expect(stored).toMatchObject([{ status: 'done', content: 'Hello', error: null, promptTokens: 5, completionTokens: 2 }]);
    expect(warnings).toEqual(['model stream: a frame of unknown shape was ignored']);
  });

  it('a client that leaves stops the call: the partial answer is stored as stopped, nothing is logged as failed', async () => {
    const { sink, frames, leave } = memorySink();
    const { log, warnings } = memoryLog();
    const stored: Settlement[] = [];
    const client = scripted([{ type: 'text', text: 'one ' }, { type: 'text', text: 'two' }], (i) => i === 0 && leave());
    await streamUnmetered(sink, { client, model: 'm', messages: [], locale: 'en', start: START, persist: async (_db, s) => void stored.push(s) }, { log, now: () => new Date(0), db: {} as never });
    expect(stored).toMatchObject([{ status: 'stopped', content: 'one ', error: null }]);
    expect(frames.map((f) => f.type)).toEqual(['start', 'delta', 'end']);
    expect(warnings).toEqual([]);
  });

  it('a feature with frames of its own writes them through `text` and `finish`; a failed call ends with its error frame', async () => {
    const { sink, frames } = memorySink();
    const { log, warnings } = memoryLog();
    const failing: ChatModelClient = {
      async *stream() {
        yield { type: 'text', text: 'part' };
        throw new Error('upstream broke');
      },
    };
    await streamUnmetered(
      sink,
      {
        client: failing,
        model: 'm',
        messages: [],
        locale: 'en',
        start: START,
        text: (text) => sink.send({ type: 'piece', text }),
        finish: ({ failure, frame }) => sink.send(failure ? { type: 'error', code: failure } : frame),
      },
      { log, now: () => new Date(0) },
    );
    expect(frames).toEqual([START, { type: 'piece', text: 'part' }, { type: 'error', code: 'generation_failed' }]);
    expect(warnings).toEqual(['answer failed']);
  });
});
