import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, paperInterpretEventSchema } from '@xueba/contract';
import { createTestApp, type TestApp, callApi } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { HAS_SHARED_DATA, sharedFile } from './shared-data.js';

/** With a model configured, paper features ask it instead of the offline extract. */
describe.skipIf(!HAS_SHARED_DATA)('paper features on a configured model', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    t = await createTestApp({ AI_BASE_URL: fake.url, AI_API_KEY: 'test-key', AI_MODELS: 'paper-model' });
    const file = sharedFile('papers', 'acl-family', 'naacl2024.json');
    await t.app.services.papers.importer.importFiles([{ name: file, text: fs.readFileSync(file, 'utf8') }]);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('streams the interpretation from the model, in the interface language', async () => {
    fake.setDefault({ chunks: ['问题：', '如何检测', '恶意内容。'], delayMs: 0 });
    const found = await callApi(t.app, api.paperSearch, { query: { keyword: 'malicious content detection' } });
    const id = found.body.data.lists[0]!.id;
    const res = await t.app.inject({ method: 'POST', url: '/api/paper/interpret', payload: { id }, headers: { 'accept-language': 'zh' } });
    expect(res.statusCode).toBe(200);
    const events = res.body
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => paperInterpretEventSchema.parse(JSON.parse(l.slice(6))));
    expect(events[0]).toMatchObject({ type: 'start', by_model: true });
    const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
    expect(text).toContain('恶意内容');
    expect(events.at(-1)).toEqual({ type: 'done' });
    const request = fake.requests.at(-1)!;
    expect(request.model).toBe('paper-model');
    expect(JSON.stringify(request.messages)).toMatch(/Chinese/);
  });
});
