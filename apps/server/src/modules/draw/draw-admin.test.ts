import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { SD_PEER_AUTH, SD_PEER_MODELS } from '../../test/draw-peers/index.js';
import { detail, drawBalance, drawUser, ledgerOf, startDrawWorld, submit, waitFor, type DrawWorld } from '../../test/draw-fixture.js';
import { until } from '../../test/sse-client.js';

describe('Admin → Drawing: channels and settings', () => {
  let w: DrawWorld;
  let admin: string;
  beforeAll(async () => {
    w = await startDrawWorld();
    admin = (await makeUser(w.t.app, { role: 'admin' })).token;
  });
  afterAll(async () => {
    await w.close();
  });

  it('lists the env channels read-only with what they hold, and the settings; users are refused', async () => {
    const res = await callApi(w.t.app, api.adminDrawChannels, { token: admin });
    expect(res.status).toBe(200);
    const channels = res.body.data.channels;
    expect(channels.map((c) => [c.source, c.family, c.enabled])).toEqual([
      ['env', 'openai', true],
      ['env', 'sd', true],
      ['env', 'yj', true],
    ]);
    expect(channels.find((c) => c.family === 'yj')).toMatchObject({ has_key: true, has_secret: true, id: null });
    expect(res.body.data.settings.square_review).toBe(true);
    const user = await makeUser(w.t.app);
    expect((await callApi(w.t.app, api.adminDrawChannels, { token: user.token })).status).toBe(403);
  });

  it('saves a stored channel with its key sealed and its own offers, which drawings then use and pay', async () => {
    const saved = await callApi(w.t.app, api.adminDrawChannelSave, {
      token: admin,
      body: { family: 'sd', name: 'Studio SD', base_url: `${w.peers.sd.url}/`, api_key: SD_PEER_AUTH, enabled: true, concurrency: 1, timeout_seconds: 120, offers: [{ model: SD_PEER_MODELS[1], size: '640x640', price: 3 }] },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const channel = saved.body.data;
    expect(channel).toMatchObject({ source: 'db', has_key: true, has_secret: false, base_url: w.peers.sd.url, concurrency: 1 });
    const row = await w.t.owned.ctx.db.selectFrom('draw_channels').selectAll().where('id', '=', channel.id!).executeTakeFirstOrThrow();
    expect(row.api_key_sealed).not.toContain('peer-pass');
    expect(w.t.owned.ctx.secrets.open(row.api_key_sealed!)).toBe(SD_PEER_AUTH);
    // Saving without a key keeps it.
    const renamed = await callApi(w.t.app, api.adminDrawChannelSave, { token: admin, body: { ...{ family: 'sd', name: 'Studio', base_url: w.peers.sd.url, enabled: true, concurrency: 1, timeout_seconds: 120, offers: channel.offers }, id: channel.id! } });
    expect(renamed.body.data).toMatchObject({ name: 'Studio', has_key: true });

    const options = (await callApi(w.t.app, api.drawOptions, {})).body.data;
    const model = options.families.find((f) => f.family === 'sd')!.models.find((m) => m.model === SD_PEER_MODELS[1])!;
    expect(model.sizes).toContainEqual({ size: '640x640', price: 3 });
    const user = await drawUser(w.t, 5);
    const res = await submit(w.t, user.token, { family: 'sd', model: SD_PEER_MODELS[1], size: '640x640' });
    expect(res.body.data.cost).toBe(3);
    const record = await waitFor(w.t, user.token, res.body.data.id, ['success', 'failed']);
    expect(record.status).toBe('success');
    expect(record.images[0]).toMatchObject({ width: 640, height: 640 });
    const job = await w.t.owned.ctx.db.selectFrom('draw_jobs').select('channel_key').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(job.channel_key).toBe(`db:${channel.id}`);
    expect(await drawBalance(w.t, user.id)).toBe(2);
  });

  it('tests a channel: its models when it answers, the error (kept as last_error) when it does not', async () => {
    const ok = await callApi(w.t.app, api.adminDrawChannelTest, { token: admin, body: { env_family: 'sd' } });
    expect(ok.body.data).toMatchObject({ ok: true, error: null });
    expect(ok.body.data.models).toEqual(SD_PEER_MODELS);
    const dead = await callApi(w.t.app, api.adminDrawChannelSave, {
      token: admin,
      body: { family: 'sd', name: 'Gone', base_url: 'http://127.0.0.1:9', enabled: false, concurrency: 1, timeout_seconds: 30, offers: [] },
    });
    const tested = await callApi(w.t.app, api.adminDrawChannelTest, { token: admin, body: { id: dead.body.data.id! } });
    expect(tested.body.data.ok).toBe(false);
    expect(tested.body.data.error).toBeTruthy();
    const listed = (await callApi(w.t.app, api.adminDrawChannels, { token: admin })).body.data.channels.find((c) => c.id === dead.body.data.id);
    expect(listed?.last_error).toBe(tested.body.data.error);
    expect((await callApi(w.t.app, api.adminDrawChannelTest, { token: admin, body: { id: 999_999 } })).body.key).toBe('draw_channel_not_found');
  });

  it('deleting a channel fails its running job with a refund, once', async () => {
    const saved = await callApi(w.t.app, api.adminDrawChannelSave, {
      token: admin,
      body: { family: 'openai', name: 'Images', base_url: w.peers.openai.url, api_key: 'peer-key', enabled: true, concurrency: 2, timeout_seconds: 120, offers: [{ model: 'dall-e-3', size: '1024x1024', price: 1 }] },
    });
    const user = await drawUser(w.t, 2);
    w.peers.openai.script(['hang']);
    const id = (await submit(w.t, user.token, {})).body.data.id;
    await until(async () => (await detail(w.t, user.token, id)).status === 'running');
    const deleted = await Promise.all([1, 2].map(() => callApi(w.t.app, api.adminDrawChannelDelete, { token: admin, body: { id: saved.body.data.id! } })));
    expect(deleted.map((d) => d.status)).toEqual([200, 200]);
    const record = await detail(w.t, user.token, id);
    expect(record).toMatchObject({ status: 'failed', fail_reason: 'draw_fail_channel_disabled', refunded: true });
    expect(await ledgerOf(w.t, id)).toEqual([
      { delta: -1, key: `draw:${id}:charge` },
      { delta: 1, key: `draw:${id}:refund` },
    ]);
    expect(await drawBalance(w.t, user.id)).toBe(2);
  });

  it('switches env channels off and on; /pc/config says drawing is open only while one is on', async () => {
    const isOpen = async () => (await callApi(w.t.app, api.config, {})).body.data.draw.is_open;
    expect(await isOpen()).toBe(true);
    await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { env_family: 'openai', enabled: false } });
    const listed = (await callApi(w.t.app, api.adminDrawChannels, { token: admin })).body.data.channels.find((c) => c.source === 'env' && c.family === 'openai');
    expect(listed?.enabled).toBe(false);
    // Every channel off (the stored ones of the earlier tests were deleted or are off): drawing is closed.
    await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { env_family: 'sd', enabled: false } });
    await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { env_family: 'yj', enabled: false } });
    const stored = (await callApi(w.t.app, api.adminDrawChannels, { token: admin })).body.data.channels.filter((c) => c.source === 'db' && c.enabled);
    for (const c of stored) await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { id: c.id!, enabled: false } });
    expect(await isOpen()).toBe(false);
    expect((await callApi(w.t.app, api.drawOptions, {})).body.data.enabled).toBe(false);
    for (const family of ['openai', 'sd', 'yj'] as const) await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { env_family: family, enabled: true } });
    expect(await isOpen()).toBe(true);
    expect((await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { enabled: true } })).status).toBe(400);
  });
});

describe('drawing suggestions', () => {
  let offline: TestApp;
  let online: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    offline = await createTestApp();
    online = await createTestApp({ AI_BASE_URL: fake.url, AI_API_KEY: 'test-key', AI_MODELS: 'helper' });
  });
  afterAll(async () => {
    await offline.close();
    await online.close();
    await fake.close();
  });

  it('offline: the style\'s keyword list and the prompt as written', async () => {
    const user = await makeUser(offline.app);
    const res = await callApi(offline.app, api.drawSuggest, { token: user.token, body: { prompt: '一只猫', style: 'anime', mode: 'translate' } });
    expect(res.body.data).toEqual({ keywords: ['anime style', 'cel shading', 'detailed eyes', 'soft colours'], prompt: '一只猫', offline: true });
    const options = await callApi(offline.app, api.drawOptions, {});
    expect(options.body.data.suggest_offline).toBe(true);
    // No drawing channel: the page says drawing is not enabled (so does /pc/config), and a submit is refused.
    expect(options.body.data).toMatchObject({ enabled: false, families: [] });
    expect((await callApi(offline.app, api.config, {})).body.data.draw.is_open).toBe(false);
    expect((await callApi(offline.app, api.drawSubmit, { token: user.token, body: { family: 'openai', prompt: 'x', size: '1024x1024' } })).body.key).toBe('drawing_disabled');
  });

  it('with a model: keywords, a translation to English, an expansion', async () => {
    const user = await makeUser(online.app);
    fake.setDefault({ chunks: ['soft light\n', '- cinematic\n', '3. rim light'], delayMs: 0 });
    const keywords = await callApi(online.app, api.drawSuggest, { token: user.token, body: { prompt: '一只猫', style: 'photo', mode: 'keywords' } });
    expect(keywords.body.data.offline).toBe(false);
    expect(keywords.body.data.keywords.slice(0, 3)).toEqual(['soft light', 'cinematic', 'rim light']);
    expect(keywords.body.data.keywords).toContain('photorealistic');
    expect(fake.requests.at(-1)!.model).toBe('helper');
    fake.setDefault({ chunks: ['A cat sitting on a windowsill'], delayMs: 0 });
    const translated = await callApi(online.app, api.drawSuggest, { token: user.token, body: { prompt: '窗台上的一只猫', mode: 'translate' } });
    expect(translated.body.data).toMatchObject({ prompt: 'A cat sitting on a windowsill', offline: false });
    expect(JSON.stringify(fake.requests.at(-1)!.messages)).toContain('窗台上的一只猫');
    fake.setDefault({ status: 500, error: { message: 'down', type: 'server_error', code: null } });
    const failed = await callApi(online.app, api.drawSuggest, { token: user.token, body: { prompt: 'a cat', mode: 'expand' } });
    expect(failed.body.key).toBe('draw_suggest_failed');
  });
});
