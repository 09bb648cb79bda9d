import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, ON_POSTGRES, type TestApp, callApi } from '../../test/helpers.js';

const paper = (id: string, title: string) => JSON.stringify({ _id: id, title, text: `${title}. An abstract about ${title.toLowerCase()}.`, metadata: {} });

/** Two app processes on one PostgreSQL: an import in one reaches the other's in-memory index through the bus. */
describe.skipIf(!ON_POSTGRES)('paper index across processes', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    a = await createTestApp({}, { databaseUrl: db.url });
    b = await createTestApp({}, { databaseUrl: db.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('reloads the delta an import in another process wrote', async () => {
    await a.app.services.papers.importer.importFiles([{ name: 'one.jsonl', text: paper('p1', 'Quantum error correction codes') }]);
    const first = await callApi(b.app, api.paperSearch, { query: { keyword: 'quantum error correction' } });
    expect(first.body.data.lists.map((i) => i.source_id)).toEqual(['p1']);
    await a.app.services.papers.importer.importFiles([{ name: 'two.jsonl', text: `${paper('p2', 'Topological quantum memories')}\n${paper('p1', 'Quantum error correction codes revisited')}` }]);
    await expect
      .poll(async () => (await callApi(b.app, api.paperSearch, { query: { keyword: 'topological quantum' } })).body.data.lists[0]?.source_id, { timeout: 5000 })
      .toBe('p2');
    const updated = await callApi(b.app, api.paperSearch, { query: { keyword: 'revisited' } });
    expect(updated.body.data.lists.map((i) => i.title)).toEqual(['Quantum error correction codes revisited']);
    const all = await callApi(b.app, api.paperSearch, { query: { keyword: 'quantum' } });
    expect(all.body.data.count).toBe(2);
  });
});
