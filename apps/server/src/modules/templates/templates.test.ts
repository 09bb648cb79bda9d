import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createStreamEventSchema, type Template } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { listen, stream, textOf } from '../../test/sse-client.js';

describe('writing templates', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let base: string;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    t = await createTestApp({ AI_BASE_URL: fake.url, AI_MODELS: 'writer' });
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function template(key: string, locale = 'en'): Promise<Template> {
    const res = await callApi(t.app, api.createTemplates, { locale });
    const found = res.body.data.lists.find((x) => x.key === key);
    if (!found) throw new Error(`no template ${key}`);
    return found;
  }

  it('seeds the templates of spec §1 with categories and localized fields', async () => {
    const res = await callApi(t.app, api.createTemplates, { locale: 'ja' });
    expect(res.body.data.lists.map((x) => x.key)).toEqual(['polish_zh', 'polish_en', 'keywords', 'journal', 'method', 'translate', 'email']);
    expect(res.body.data.categories.map((c) => c.name)).toEqual(['校正', '研究', '翻訳と執筆']);
    const polish = res.body.data.lists[1]!;
    expect(polish.name).toBe('英語の校正');
    expect(polish.fields[0]).toMatchObject({ name: 'text', label: '英文', type: 'textarea', required: true, max_length: 5000 });
  });

  it('refuses empty required fields before anything runs, then streams, bills and keeps the history', async () => {
    const u = await makeUser(t.app);
    const polish = await template('polish_en');
    const empty = await stream(base, '/create/produce', { template_id: polish.id, fields: { text: '  ' } }, { token: u.token, locale: 'en' });
    expect(empty.status).toBe(400);
    expect(empty.json?.msg).toBe('Required fields cannot be empty: English text');
    const anonymous = await stream(base, '/create/produce', { template_id: polish.id, fields: { text: 'x' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json?.code).toBe(-1);
    const requestsBefore = fake.requests.length;
    expect(requestsBefore).toBe(0);

    fake.next({ chunks: ['**Revised text**\n', '| Original | Revised | Reason |'] });
    const res = await stream(base, '/create/produce', { template_id: polish.id, fields: { text: 'We was happy.', field: 'linguistics' } }, { token: u.token });
    expect(res.status).toBe(200);
    for (const e of res.events) createStreamEventSchema.parse(e);
    expect(res.events[0]).toMatchObject({ type: 'start', template_id: polish.id, model: 'env:writer' });
    expect(textOf(res.events)).toContain('| Original | Revised | Reason |');
    expect(res.events.at(-1)).toMatchObject({ type: 'end', status: 'done', charged: { asset: 'conversation_count', amount: 1 } });
    const prompt = fake.requests.at(-1)!.messages.at(-1)!.content;
    expect(prompt).toContain('You are an academic English editor in linguistics');
    expect(prompt).toContain('We was happy.');
    expect(prompt).not.toContain('{{');

    const creationId = res.events[0]!.creation_id as number;
    const history = await callApi(t.app, api.createHistory, { token: u.token, query: { keyword: 'happy' } });
    expect(history.body.data.count).toBe(1);
    expect(history.body.data.lists[0]).toMatchObject({ id: creationId, inputs: { text: 'We was happy.', field: 'linguistics' } });
    const detail = await callApi(t.app, api.createDetail, { token: u.token, query: { id: String(creationId) } });
    expect(detail.body.data.status).toBe('done');
    const other = await makeUser(t.app);
    expect((await callApi(t.app, api.createDetail, { token: other.token, query: { id: String(creationId) } })).status).toBe(404);
    await callApi(t.app, api.createDelete, { token: u.token, body: { id: creationId } });
    expect((await callApi(t.app, api.createHistory, { token: u.token })).body.data.count).toBe(0);
  });

  it('validates select options and lengths', async () => {
    const u = await makeUser(t.app);
    const translate = await template('translate');
    const badOption = await stream(base, '/create/produce', { template_id: translate.id, fields: { text: 'hi', direction: 'fr-de' } }, { token: u.token, locale: 'en' });
    expect(badOption.status).toBe(400);
    const keywords = await template('keywords');
    const tooLong = await stream(base, '/create/produce', { template_id: keywords.id, fields: { title: 'x'.repeat(301), abstract: 'a' } }, { token: u.token, locale: 'en' });
    expect(tooLong.json?.msg).toBe('Paper title may not exceed 300 characters');
  });

  it('lets admins edit templates, categories and fields per locale', async () => {
    const admin = await makeUser(t.app, { role: 'admin' });
    const category = await callApi(t.app, api.adminTemplateCategorySave, { token: admin.token, body: { names: { zh: '其他', en: 'Other' }, sort: 9 } });
    expect(category.status).toBe(200);
    const saved = await callApi(t.app, api.adminTemplateSave, {
      token: admin.token,
      body: {
        key: 'summary',
        category_id: category.body.data.id,
        names: { zh: '摘要', en: 'Summary' },
        fields: [{ name: 'text', label: { zh: '文本', en: 'Text' }, type: 'textarea', required: true }],
        prompt: 'Summarise in {{locale}}: {{text}}',
      },
    });
    expect(saved.status).toBe(200);
    const dupFields = await callApi(t.app, api.adminTemplateSave, {
      token: admin.token,
      body: { names: { zh: 'x' }, fields: [{ name: 'a', label: { zh: 'a' }, type: 'text' }, { name: 'a', label: { zh: 'b' }, type: 'text' }], prompt: 'p' },
    });
    expect(dupFields.status).toBe(400);
    const u = await makeUser(t.app);
    fake.next({ chunks: ['短'] });
    const res = await stream(base, '/create/produce', { template_id: saved.body.data.id, fields: { text: '长文本' } }, { token: u.token, locale: 'zh' });
    expect(textOf(res.events)).toBe('短');
    expect(fake.requests.at(-1)!.messages.at(-1)!.content).toBe('Summarise in 简体中文: 长文本');
    await callApi(t.app, api.adminTemplateSave, {
      token: admin.token,
      body: { id: saved.body.data.id, key: 'summary', names: { zh: '摘要' }, fields: [{ name: 'text', label: { zh: '文本' }, type: 'textarea' }], prompt: 'p', enabled: false },
    });
    const disabled = await stream(base, '/create/produce', { template_id: saved.body.data.id, fields: { text: 'x' } }, { token: u.token, locale: 'en' });
    expect(disabled.status).toBe(404);
    expect(disabled.json?.msg).toBe('This template does not exist or is disabled');
    expect((await callApi(t.app, api.adminTemplates, { token: admin.token })).body.data.lists).toHaveLength(8);
    expect((await callApi(t.app, api.adminTemplates, { token: u.token })).status).toBe(403);
    await callApi(t.app, api.adminTemplateCategoryDelete, { token: admin.token, body: { id: category.body.data.id } });
    await callApi(t.app, api.adminTemplateDelete, { token: admin.token, body: { id: saved.body.data.id } });
    expect((await callApi(t.app, api.adminTemplates, { token: admin.token })).body.data.lists).toHaveLength(7);
  });
});
