import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, chatStreamEventSchema } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { listen, stream, textOf } from '../../test/sse-client.js';
import { startAiTestApp, type AiTestApp } from '../../test/ai-app.js';

describe('offline channel (no model configured)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the default, costs nothing, says no model answered and cites retrieved passages', async () => {
    const models = await callApi(t.app, api.chatModels, { locale: 'en' });
    expect(models.body.data.default).toBe('offline');
    expect(models.body.data.lists).toEqual([{ key: 'offline', name: 'Offline retrieval (no model connected)', channel: 'offline', billing: { mode: 'per_answer', price: 0 }, is_default: true }]);
    const u = await makeUser(t.app);
    const res = await stream(base, '/chat/send', { content: 'How are answers billed for members and word count?' }, { token: u.token, locale: 'en' });
    expect(res.status).toBe(200);
    for (const e of res.events) chatStreamEventSchema.parse(e);
    expect(res.events[0]).toMatchObject({ type: 'start', model: 'offline', offline: true });
    const text = textOf(res.events);
    expect(text.startsWith('> No AI model is connected yet')).toBe(true);
    expect(text).toContain('[1] Conversation counts, words and membership');
    const sources = res.events.find((e) => e.type === 'sources');
    expect((sources?.passages as unknown[])[0]).toMatchObject({ n: 1, source: 'help', id: 'billing.en' });
    expect(res.events.filter((e) => e.type === 'delta').length).toBeGreaterThan(1);
    expect(res.events.at(-1)).toMatchObject({ type: 'end', status: 'done', charged: null });
  });

  it('searches help in every locale and prefers the asker’s language', async () => {
    const zh = await t.app.services.retrieval.search('公式 LaTeX', { limit: 3, locale: 'zh', userId: null });
    expect(zh[0]).toMatchObject({ source: 'help', id: 'chat.zh' });
    const ja = await t.app.services.retrieval.search('数式 LaTeX', { limit: 1, locale: 'ja', userId: null });
    expect(ja[0]?.id).toBe('chat.ja');
  });
});

describe('admin model channels', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let base: string;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let ai: AiTestApp;
  beforeAll(async () => {
    ai = await startAiTestApp('sk-env-secret', 'env-a,env-b');
    ({ t, fake, base, admin } = ai);
  });
  afterAll(async () => {
    await ai.close();
  });

  it('stores the key sealed, never returns it, and shows env and offline channels read-only', async () => {
    const saved = await callApi(t.app, api.adminAiChannelSave, { token: admin.token, body: { name: 'DeepSeek', base_url: `${fake.url}/`, api_key: 'sk-very-secret' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'DeepSeek', has_key: true, base_url: fake.url, read_only: false, first_token_timeout_ms: 30000 });
    expect(JSON.stringify(saved.body)).not.toContain('sk-very-secret');
    const row = await t.owned.ctx.db.selectFrom('ai_channels').select('api_key_sealed').where('id', '=', saved.body.data.id!).executeTakeFirstOrThrow();
    expect(row.api_key_sealed).toMatch(/^v1\./);
    expect(row.api_key_sealed).not.toContain('sk-very-secret');

    const kept = await callApi(t.app, api.adminAiChannelSave, { token: admin.token, body: { id: saved.body.data.id, name: 'DeepSeek 2', base_url: fake.url } });
    expect(kept.body.data.has_key).toBe(true);
    const model = await callApi(t.app, api.adminAiModelSave, {
      token: admin.token,
      body: { channel_id: saved.body.data.id, upstream_model: 'deepseek-chat', names: { zh: '深度求索', en: 'DeepSeek' }, billing: { mode: 'per_1k_words', price: 500 } },
    });
    expect(model.body.data).toMatchObject({ key: 'deepseek-chat', names: { zh: '深度求索', en: 'DeepSeek', ja: '', ko: '' } });
    const dup = await callApi(t.app, api.adminAiModelSave, {
      token: admin.token,
      body: { channel_id: saved.body.data.id, upstream_model: 'deepseek-chat', names: { zh: 'x' }, billing: { mode: 'per_answer', price: 1 } },
      locale: 'en',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('A model with this key already exists');
    const reserved = await callApi(t.app, api.adminAiModelSave, { token: admin.token, body: { channel_id: saved.body.data.id, key: 'env:x', upstream_model: 'x', names: { zh: 'x' }, billing: { mode: 'per_answer', price: 1 } } });
    expect(reserved.status).toBe(400);

    const list = await callApi(t.app, api.adminAiChannels, { token: admin.token });
    expect(list.body.data.channels.map((c) => [c.kind, c.read_only])).toEqual([['db', false], ['env', true], ['offline', true]]);
    expect(JSON.stringify(list.body)).not.toContain('sk-env-secret');
    expect(list.body.data.channels[1]?.models.map((m) => m.key)).toEqual(['env:env-a', 'env:env-b']);

    const ja = await callApi(t.app, api.chatModels, { locale: 'ja' });
    expect(ja.body.data.lists.map((m) => [m.key, m.name])).toEqual([
      ['deepseek-chat', 'DeepSeek'],
      ['env:env-a', 'env-a'],
      ['env:env-b', 'env-b'],
      ['offline', 'オフライン検索（モデル未接続）'],
    ]);
    await callApi(t.app, api.adminAiChannelSetEnabled, { token: admin.token, body: { id: saved.body.data.id, enabled: false } });
    const after = await callApi(t.app, api.chatModels);
    expect(after.body.data.lists.map((m) => m.key)).toEqual(['env:env-a', 'env:env-b', 'offline']);
    expect(after.body.data.default).toBe('env:env-a');

    const bad = await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: { default_model: 'missing' }, locale: 'en' });
    expect(bad.body.msg).toBe('This model is not available');
    const good = await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: { default_model: 'env:env-b' } });
    expect(good.body.data.default_model).toBe('env:env-b');
    expect((await callApi(t.app, api.chatModels)).body.data.default).toBe('env:env-b');
    // The offline channel may be the default too, even with models configured.
    const offline = await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: { default_model: 'offline' } });
    expect(offline.body.data.default_model).toBe('offline');
    expect((await callApi(t.app, api.chatModels)).body.data.default).toBe('offline');
  });

  it('the test button streams a short reply from a channel, even a disabled one; only admins may use it', async () => {
    const channel = await callApi(t.app, api.adminAiChannelSave, { token: admin.token, body: { name: 'Probe', base_url: fake.url, enabled: false } });
    fake.next({ chunks: ['I am ', 'working.'] });
    const res = await stream(base, '/admin/ai/test', { channel_id: channel.body.data.id, upstream_model: 'probe-model' }, { token: admin.token });
    expect(res.status).toBe(200);
    expect(textOf(res.events)).toBe('I am working.');
    expect(res.events.at(-1)).toMatchObject({ type: 'end', charged: null });
    expect(fake.requests.at(-1)).toMatchObject({ model: 'probe-model', maxTokens: 64 });
    fake.next({ status: 401, error: { message: 'bad key', type: 'auth', code: 'invalid_api_key' } });
    const failing = await stream(base, '/admin/ai/test', { model: 'env:env-a' }, { token: admin.token, locale: 'en' });
    expect(failing.events.at(-1)).toMatchObject({ type: 'error', code: 'model_auth_failed' });
    const user = await makeUser(t.app);
    expect((await stream(base, '/admin/ai/test', { model: 'env:env-a' }, { token: user.token })).status).toBe(403);
    expect((await callApi(t.app, api.adminAiChannels, { token: user.token })).status).toBe(403);
  });
});
