import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docChatEventSchema, type DocItem } from '@xueba/contract';
import type { TestApp } from '../../test/helpers.js';
import { stream } from '../../test/sse-client.js';
import { offlineDocApp } from '../../test/doc-fixture.js';

describe('a Chinese question on an English document, offline', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let doc: DocItem;

  beforeAll(async () => {
    const english = [
      'Chapter 1. Data collection. We crawled news articles and removed duplicates before annotation by three raters.',
      'Chapter 2. Model. The attention mechanism lets the neural network weigh every input token when it builds each output token.',
      'Chapter 3. Results. The system improves accuracy on both benchmarks, and training takes two hours on one GPU.',
    ].join('\n\n');
    ({ t, base, token, doc } = await offlineDocApp('model-notes.txt', Buffer.from(english)));
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds and cites the passage through the dictionary translation', async () => {
    const result = await stream(base, '/doc/chat', { doc_ids: [doc.id], question: '注意力机制是如何工作的？' }, { token, locale: 'zh' });
    expect(result.status).toBe(200);
    const events = result.events.map((e) => docChatEventSchema.parse(e));
    const end = events[events.length - 1]!;
    if (end.type !== 'end') throw new Error(`expected end, got ${end.type}`);
    expect(end.citations[0]?.text).toContain('attention mechanism lets the neural network');
  });
});
