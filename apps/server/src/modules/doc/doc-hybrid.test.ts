import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, docChatEventSchema, type DocCitation, type DocItem } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { cosine, OpenAiEmbeddingClient } from '../../providers/ai/embeddings.js';
import { buildPassages, fuseRankings } from './doc-index.js';
import { listen, stream } from '../../test/sse-client.js';
import { completeDoc, memberUser } from '../../test/doc-fixture.js';

/**
 * Hybrid retrieval against a local OpenAI-compatible upstream whose
 * `/embeddings` gives deterministic hashed-bag-of-words vectors with a small
 * synonym table. The paraphrased question shares no keyword with the passage
 * it is about: only the vector ranking can find it. No chat model is listed,
 * so answers come from the offline channel, whose citations are exactly the
 * retrieved passages.
 */
const FILLER: Record<string, string> = {
  engine: 'Automobile engine maintenance interval guidance: change the oil and filter, inspect belts and hoses, replace spark plugs, and keep the cooling system topped up.',
  bread: 'Sourdough bread baking needs flour, water, salt and a lively starter; fold the dough gently, proof it overnight, then bake it in a hot oven until the crust crackles.',
  river: 'The river delta ecosystem supports migratory birds, mangrove forests and fisheries; sediment carried downstream builds wetlands that buffer storm surges along the coast.',
  violin: 'Violin practice routines begin with scales and bowing exercises; intonation improves with slow repetition, a steady metronome, and listening to recordings of great players.',
};
const PARAPHRASE = 'car motor servicing schedule?';

function testDocument(): Buffer {
  // Each topic is one paragraph of ~750 characters, so each becomes its own passage.
  const paragraphs = Object.values(FILLER).map((sentence) => Array.from({ length: 5 }, () => sentence).join(' '));
  return Buffer.from(paragraphs.join('\n\n'), 'utf8');
}

async function ask(base: string, token: string, docId: number, question: string): Promise<DocCitation[]> {
  const result = await stream(base, '/doc/chat', { doc_ids: [docId], question }, { token, locale: 'en' });
  expect(result.status).toBe(200);
  const end = result.events.map((e) => docChatEventSchema.parse(e)).at(-1)!;
  if (end.type !== 'end') throw new Error(`expected end, got ${end.type}`);
  return end.citations;
}

interface Setup {
  t: TestApp;
  fake: FakeOpenAI;
  base: string;
  token: string;
  adminToken: string;
  doc: DocItem;
}

async function setup(env: Record<string, string>, before?: (fake: FakeOpenAI) => void): Promise<Setup> {
  const fake = await FakeOpenAI.start();
  before?.(fake);
  const t = await createTestApp({ AI_BASE_URL: fake.url, AI_API_KEY: 'sk-embed', JOBS_POLL_MS: '0', ...env });
  const base = await listen(t.app);
  const adminToken = (await makeUser(t.app, { role: 'admin' })).token;
  const token = (await memberUser(t.app, adminToken)).token;
  const doc = await completeDoc(t, token, 'topics.txt', testDocument());
  return { t, fake, base, token, adminToken, doc };
}

async function vectorRows(t: TestApp, docId: number) {
  return t.owned.ctx.db.selectFrom('doc_chunk_vectors').select(['model', 'dims']).where('doc_id', '=', docId).execute();
}

describe('hybrid retrieval with AI_EMBEDDING_MODEL', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ AI_EMBEDDING_MODEL: 'fake-embed' });
  });
  afterAll(async () => {
    await s.t.close();
    await s.fake.close();
  });

  it('embeds every passage on processing, in batches, and stores the vectors with the model name', async () => {
    expect(s.doc.status).toBe('complete');
    const chunks = await s.t.owned.ctx.db.selectFrom('doc_chunks').select('id').where('doc_id', '=', s.doc.id).execute();
    expect(chunks.length).toBe(4);
    const rows = await vectorRows(s.t, s.doc.id);
    expect(rows).toHaveLength(chunks.length);
    expect(rows.every((r) => r.model === 'fake-embed' && r.dims === 256)).toBe(true);
    expect(s.fake.embeddingRequests[0]).toMatchObject({ model: 'fake-embed', authorization: 'Bearer sk-embed' });
    expect(s.fake.embeddingRequests[0]!.input).toHaveLength(4);
  });

  it('finds the passage a paraphrased question is about, with no keyword in common', async () => {
    const before = s.fake.embeddingRequests.length;
    const citations = await ask(s.base, s.token, s.doc.id, PARAPHRASE);
    expect(citations[0]?.text).toContain('Automobile engine maintenance interval');
    // The question itself was embedded.
    expect(s.fake.embeddingRequests.slice(before).map((r) => r.input)).toEqual([[PARAPHRASE]]);
  });

  it('still ranks a keyword question by its keywords', async () => {
    const citations = await ask(s.base, s.token, s.doc.id, 'sourdough starter proof overnight');
    expect(citations[0]?.text).toContain('Sourdough bread baking');
  });

  it('ignores vectors of another model until the document is embedded with the configured one', async () => {
    await s.t.owned.ctx.db.updateTable('doc_chunk_vectors').set({ model: 'old-model' }).where('doc_id', '=', s.doc.id).execute();
    // A fresh service instance (cache empty), as after a restart: the eval harness builds one like this.
    const { DocService } = await import('./doc.service.js');
    const fresh = new DocService(s.t.owned.ctx, s.t.app.services);
    const hits = await fresh.search([s.doc.id], PARAPHRASE, 5);
    expect(hits.some((h) => h.chunk.text.includes('Automobile engine'))).toBe(false);
  });
});

describe('hybrid retrieval when the embeddings endpoint fails', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ AI_EMBEDDING_MODEL: 'fake-embed' }, (fake) => {
      fake.embeddingStatus = 500;
    });
  });
  afterAll(async () => {
    await s.t.close();
    await s.fake.close();
  });

  it('leaves the document complete and keyword-only', async () => {
    expect(s.doc.status).toBe('complete');
    expect(s.fake.embeddingRequests.length).toBeGreaterThan(0);
    expect(await vectorRows(s.t, s.doc.id)).toHaveLength(0);
    const paraphrased = await ask(s.base, s.token, s.doc.id, PARAPHRASE);
    expect(paraphrased.some((c) => c.text.includes('Automobile engine'))).toBe(false);
    const keyword = await ask(s.base, s.token, s.doc.id, 'violin scales metronome');
    expect(keyword[0]?.text).toContain('Violin practice');
  });
});

describe('retrieval with no embedding model configured', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({});
  });
  afterAll(async () => {
    await s.t.close();
    await s.fake.close();
  });

  it('makes no /embeddings call and stays keyword-only (the paraphrase is not found)', async () => {
    expect(s.doc.status).toBe('complete');
    const paraphrased = await ask(s.base, s.token, s.doc.id, PARAPHRASE);
    expect(paraphrased.some((c) => c.text.includes('Automobile engine'))).toBe(false);
    expect((await ask(s.base, s.token, s.doc.id, 'river delta mangrove'))[0]?.text).toContain('river delta');
    expect(s.fake.embeddingRequests).toHaveLength(0);
    expect(await vectorRows(s.t, s.doc.id)).toHaveLength(0);
  });

  it('turns hybrid on from the admin AI settings (a model on a stored channel)', async () => {
    const channel = await callApi(s.t.app, api.adminAiChannelSave, {
      token: s.adminToken,
      body: { name: 'embeddings', base_url: s.fake.url, api_key: 'sk-stored', first_token_timeout_ms: 10_000, total_timeout_ms: 30_000, enabled: true },
    });
    expect(channel.status).toBe(200);
    const current = await callApi(s.t.app, api.adminAiSettings, { token: s.adminToken });
    const saved = await callApi(s.t.app, api.adminAiSettingsSave, {
      token: s.adminToken,
      body: { ...current.body.data, embedding_model: 'stored-embed', embedding_channel_id: channel.body.data.id },
    });
    expect(saved.body.data.embedding_model).toBe('stored-embed');
    const doc = await completeDoc(s.t, s.token, 'topics.txt', testDocument());
    expect((await vectorRows(s.t, doc.id)).map((r) => r.model)).toEqual(['stored-embed', 'stored-embed', 'stored-embed', 'stored-embed']);
    expect(s.fake.embeddingRequests[0]).toMatchObject({ model: 'stored-embed', authorization: 'Bearer sk-stored' });
    expect((await ask(s.base, s.token, doc.id, PARAPHRASE))[0]?.text).toContain('Automobile engine');
    // A channel that does not exist is refused.
    const bad = await callApi(s.t.app, api.adminAiSettingsSave, { token: s.adminToken, body: { ...current.body.data, embedding_model: 'x', embedding_channel_id: 999_999 } });
    expect(bad.status).toBe(400);
  });
});

describe('hybrid building blocks', () => {
  it('fuses rankings by reciprocal rank (k = 60): agreement beats one list\'s top', () => {
    const doc = buildPassages(1, ['a', 'b', 'c'].map((text, i) => ({ id: String(i + 1), page: 1, start_offset: i * 10, end_offset: i * 10 + 5, text, terms: text })));
    const [a, b, c] = doc.chunks.map((chunk) => ({ chunk, score: 1 }));
    const fused = fuseRankings([[a!, b!], [c!, b!]], 3);
    expect(fused.map((h) => h.chunk.text)).toEqual(['b', 'a', 'c']);
    expect(fused[0]!.score).toBeCloseTo(2 / 62);
    expect(fused[1]!.score).toBeCloseTo(1 / 61);
  });

  it('computes cosine, and 0 for mismatched or zero vectors', () => {
    expect(cosine(Float32Array.of(1, 0), Float32Array.of(1, 0))).toBeCloseTo(1);
    expect(cosine(Float32Array.of(1, 0), Float32Array.of(0, 2))).toBe(0);
    expect(cosine(Float32Array.of(1, 0), Float32Array.of(1, 0, 0))).toBe(0);
    expect(cosine(Float32Array.of(0, 0), Float32Array.of(1, 0))).toBe(0);
  });

  it('embeds in batches of 64, in input order, and reports an upstream error', async () => {
    const fake = await FakeOpenAI.start();
    try {
      const client = new OpenAiEmbeddingClient({ baseUrl: fake.url, apiKey: null, timeoutMs: 5000 });
      const inputs = Array.from({ length: 65 }, (_, i) => `passage number ${i}`);
      const vectors = await client.embed('m', inputs);
      expect(fake.embeddingRequests.map((r) => r.input.length)).toEqual([64, 1]);
      expect(vectors).toHaveLength(65);
      expect(cosine(vectors[64]!, (await client.embed('m', ['passage number 64']))[0]!)).toBeCloseTo(1);
      fake.embeddingStatus = 500;
      await expect(client.embed('m', ['x'])).rejects.toMatchObject({ name: 'EmbeddingError', status: 500 });
    } finally {
      await fake.close();
    }
  });
});
