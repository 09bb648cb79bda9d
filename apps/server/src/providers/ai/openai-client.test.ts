import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatChunk } from './chat-model.js';
import { OpenAiChatClient } from './openai-client.js';

/** Raw `data:` frames of one streamed answer, as an OpenAI-compatible server may send them. */
const FRAMES = [
  { choices: [{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, finish_reason: null }] },
  { choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] },
  { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'f', arguments: '' } }] }, finish_reason: null }] },
  { choices: [] },
  { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  { choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } },
];

describe('OpenAiChatClient frames', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const frame of FRAMES) res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', ...frame })}\n\n`);
        res.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands frames it does not relay (tool calls, no choice) to the consumer as unknown, and ordinary start and finish frames not at all', async () => {
    const client = new OpenAiChatClient({ baseUrl: url, apiKey: null, firstTokenTimeoutMs: 5000, totalTimeoutMs: 5000 });
    const chunks: ChatChunk[] = [];
    for await (const chunk of client.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })) chunks.push(chunk);
    expect(chunks.map((c) => c.type)).toEqual(['text', 'unknown', 'unknown', 'usage']);
    expect(chunks[1]).toMatchObject({ type: 'unknown', frame: { choices: [{ delta: { tool_calls: [{ id: 'c1' }] } }] } });
    expect(chunks[3]).toEqual({ type: 'usage', promptTokens: 3, completionTokens: 1 });
  });
});
