import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, Code } from '@xueba/contract';
import { callApi, makeUser } from '../../test/helpers.js';
import { SD_PEER_MODELS } from '../../test/draw-peers/index.js';
import { detail, drawBalance, drawUser, ledgerOf, startDrawWorld, submit, uploadImage, waitFor, type DrawWorld } from '../../test/draw-fixture.js';
import { until } from '../../test/sse-client.js';

const refund = (id: number) => ({ delta: 1, key: `draw:${id}:refund` });
const charge = (id: number, cost = 1) => ({ delta: -cost, key: `draw:${id}:charge` });

describe('drawing: bad input is refused before anything is charged', () => {
  let w: DrawWorld;
  let user: { id: number; token: string };
  beforeAll(async () => {
    w = await startDrawWorld();
    user = await drawUser(w.t, 3);
  });
  afterAll(async () => {
    await w.close();
  });

  async function refused(body: Record<string, unknown>, key: string, status = 400, token = user.token) {
    const before = await drawBalance(w.t, user.id);
    const rows = await w.t.owned.ctx.db.selectFrom('draw_jobs').select('id').execute();
    const res = await submit(w.t, token, body);
    expect(res.body.key, JSON.stringify(res.body)).toBe(key);
    expect(res.status).toBe(status);
    expect(await drawBalance(w.t, user.id)).toBe(before);
    expect(await w.t.owned.ctx.db.selectFrom('draw_jobs').select('id').execute()).toHaveLength(rows.length);
    return res;
  }

  it('refuses an empty and a 4,000-character prompt', async () => {
    await refused({ prompt: '   ' }, 'draw_prompt_required');
    await refused({ prompt: 'a'.repeat(4000) }, 'draw_prompt_too_long');
  });

  it('refuses a size the model does not offer, a model not offered, and options the model does not take', async () => {
    await refused({ size: '512x512' }, 'draw_size_invalid');
    await refused({ family: 'sd', model: SD_PEER_MODELS[0], size: '1792x1024' }, 'draw_size_invalid');
    await refused({ size: '1024x1024', model: 'dall-e-9' }, 'draw_model_unavailable');
    await refused({ quality: 'ultra' }, 'draw_option_invalid');
    await refused({ model: 'gpt-image-1', style: 'vivid' }, 'draw_option_invalid');
    await refused({ background: 'transparent' }, 'draw_option_invalid');
    await refused({ n: 2 }, 'draw_option_invalid');
    await refused({ generation: 'img2img', reference_image: '/files/public/images/2026/01/x.png' }, 'draw_option_invalid');
  });

  it('refuses img2img references that are missing, not the user\'s, not PNG/JPEG/WebP, or an SVG', async () => {
    const sd = { family: 'sd', model: SD_PEER_MODELS[0], size: '512x512', generation: 'img2img' };
    await refused(sd, 'draw_reference_required');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#884422' } }).png().toBuffer();
    const stranger = (await makeUser(w.t.app)).token;
    const theirs = await uploadImage(w.t, stranger, png);
    await refused({ ...sd, reference_image: theirs.uri }, 'draw_reference_invalid');
    const gif = await uploadImage(w.t, user.token, Buffer.from('GIF89a-a-gif-body'), 'a.gif', 'image/gif');
    expect(gif.status).toBe(200);
    await refused({ ...sd, reference_image: gif.uri }, 'draw_reference_invalid');
    // An SVG is no upload (the upload refuses it), so no uri can name one.
    const svg = await uploadImage(w.t, user.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml');
    expect(svg.status).toBe(415);
    await refused({ ...sd, reference_image: '/files/public/images/2026/01/abc.svg' }, 'draw_reference_invalid');
    await refused({ ...sd, reference_image: 'https://elsewhere.example/a.png' }, 'draw_reference_invalid');
    // The stored file is no longer an image (replaced behind the upload's back).
    const mine = await uploadImage(w.t, user.token, png);
    w.t.storage.files.set(mine.uri!.slice('/files/'.length), { data: Buffer.from('not an image at all'), contentType: 'image/png' });
    await refused({ ...sd, reference_image: mine.uri }, 'draw_reference_invalid');
  });

  it('refuses sensitive words in the prompt or the negative prompt, case-insensitively', async () => {
    const admin = await makeUser(w.t.app, { role: 'admin' });
    const current = (await callApi(w.t.app, api.adminDrawChannels, { token: admin.token })).body.data.settings;
    const saved = await callApi(w.t.app, api.adminDrawSettingsSave, { token: admin.token, body: { ...current, sensitive_words: ['Forbidden', '违禁'] } });
    expect(saved.status).toBe(200);
    await refused({ prompt: 'a FORBIDDEN fruit' }, 'draw_sensitive');
    await refused({ prompt: 'an apple', negative_prompt: '违禁词' }, 'draw_sensitive');
  });

  it('refuses with a zero balance, and lets only one of two tabs spend the last count', async () => {
    const poor = await drawUser(w.t, 0);
    const res = await submit(w.t, poor.token, {});
    expect(res.body.key).toBe('draw_insufficient');
    expect(res.body.code).toBe(Code.FAIL);
    const last = await drawUser(w.t, 1);
    const both = await Promise.all([submit(w.t, last.token, {}), submit(w.t, last.token, {})]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.key).toBe('draw_insufficient');
    expect(await drawBalance(w.t, last.id)).toBe(0);
    const rows = await w.t.owned.ctx.db.selectFrom('draw_jobs').select('id').where('user_id', '=', last.id).execute();
    expect(rows).toHaveLength(1);
    const won = await waitFor(w.t, last.token, rows[0]!.id, ['success']);
    expect(won.cost).toBe(1);
  });

  it('refuses more open jobs than the per-user limit', async () => {
    const admin = await makeUser(w.t.app, { role: 'admin' });
    const current = (await callApi(w.t.app, api.adminDrawChannels, { token: admin.token })).body.data.settings;
    await callApi(w.t.app, api.adminDrawSettingsSave, { token: admin.token, body: { ...current, sensitive_words: [], per_user_queued: 2 } });
    const busy = await drawUser(w.t, 5);
    w.peers.openai.script(['hang', 'hang']);
    const a = await submit(w.t, busy.token, {});
    const b = await submit(w.t, busy.token, {});
    expect([a.status, b.status]).toEqual([200, 200]);
    const c = await submit(w.t, busy.token, {});
    expect(c.status).toBe(429);
    expect(c.body.key).toBe('draw_too_many_jobs');
    expect(await drawBalance(w.t, busy.id)).toBe(3);
    for (const id of [a.body.data.id, b.body.data.id]) await callApi(w.t.app, api.drawCancel, { token: busy.token, body: { id } });
    expect(await drawBalance(w.t, busy.id)).toBe(5);
    await callApi(w.t.app, api.adminDrawSettingsSave, { token: admin.token, body: { ...current, sensitive_words: [] } });
  });
});

describe('drawing: provider failures, cancels and switch-offs end a job once, with one refund', () => {
  let w: DrawWorld;
  let admin: string;
  beforeAll(async () => {
    w = await startDrawWorld();
    admin = (await makeUser(w.t.app, { role: 'admin' })).token;
  });
  afterAll(async () => {
    await w.close();
  });

  async function failsWith(behaviours: Parameters<DrawWorld['peers']['openai']['script']>[0], reason: string) {
    const user = await drawUser(w.t, 2);
    w.peers.openai.script(behaviours);
    const res = await submit(w.t, user.token, {});
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    const record = await waitFor(w.t, user.token, id, ['failed', 'success']);
    expect(record.status).toBe('failed');
    expect(record.fail_reason).toBe(reason);
    expect(record.fail_text).toBeTruthy();
    expect(record.refunded).toBe(true);
    expect(await ledgerOf(w.t, id)).toEqual([charge(id), refund(id)]);
    expect(await drawBalance(w.t, user.id)).toBe(2);
    return { user, id };
  }

  it('maps 400, a refusal, malformed JSON and a picture URL that 404s to their reasons, refunded once', async () => {
    await failsWith(['bad_request'], 'draw_fail_provider');
    await failsWith(['refuse'], 'draw_fail_refused');
    await failsWith(['malformed'], 'draw_fail_provider');
    await failsWith(['image_404'], 'draw_fail_image_missing');
  });

  it('retries a 429 after its Retry-After and then draws', async () => {
    const user = await drawUser(w.t, 2);
    const calls = w.peers.openai.calls.length;
    w.peers.openai.script(['rate_limited']);
    const res = await submit(w.t, user.token, {});
    const record = await waitFor(w.t, user.token, res.body.data.id, ['success', 'failed']);
    expect(record.status).toBe('success');
    expect(w.peers.openai.calls.slice(calls).filter((c) => c.behaviour !== null).map((c) => c.behaviour)).toEqual(['rate_limited', 'ok']);
    expect(await drawBalance(w.t, user.id)).toBe(1);
  });

  it('retries 500s with backoff and fails busy after the last attempt, refunded once', async () => {
    const user = await drawUser(w.t, 2);
    w.peers.openai.script(['server_error', 'server_error', 'server_error']);
    const res = await submit(w.t, user.token, {});
    const id = res.body.data.id;
    // The backoff waits on the app's clock: move it on until the job ends.
    await until(async () => {
      w.t.clock.advance(61_000);
      const record = await detail(w.t, user.token, id);
      return record.status === 'failed';
    }, 20_000);
    const record = await detail(w.t, user.token, id, 'zh');
    expect(record.fail_reason).toBe('draw_fail_busy');
    expect(record.fail_text).toContain('退回');
    expect(await ledgerOf(w.t, id)).toEqual([charge(id), refund(id)]);
  });

  it('cancels a queued and a running job; each refunded once however often cancelled', async () => {
    const user = await drawUser(w.t, 4);
    // Two running (the per-user running limit), the third waits.
    w.peers.sd.script(['hang', 'hang']);
    const sd = { family: 'sd', model: SD_PEER_MODELS[0], size: '512x512' };
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await submit(w.t, user.token, sd)).body.data.id);
    await until(async () => (await Promise.all(ids.slice(0, 2).map((id) => detail(w.t, user.token, id)))).every((r) => r.status === 'running'));
    const queued = await detail(w.t, user.token, ids[2]!);
    expect(queued.status).toBe('queued');
    expect(queued.position).toBeGreaterThanOrEqual(0);
    const cancelQueued = await callApi(w.t.app, api.drawCancel, { token: user.token, body: { id: ids[2] } });
    expect(cancelQueued.body.data).toMatchObject({ status: 'cancelled', refunded: true, fail_reason: 'draw_cancelled' });
    const started = Date.now();
    const cancels = await Promise.all([1, 2, 3].map(() => callApi(w.t.app, api.drawCancel, { token: user.token, body: { id: ids[0] } })));
    expect(cancels.every((c) => c.status === 200 && c.body.data.status === 'cancelled')).toBe(true);
    // The running job's handler notices within about a second, aborts the provider call and gives its queue row up.
    const queueRow = async () => (await w.t.owned.ctx.db.selectFrom('jobs').select('status').where('ref', '=', `draw:${ids[0]}`).executeTakeFirst())?.status;
    await until(async () => (await queueRow()) === 'done', 3000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await detail(w.t, user.token, ids[1]!)).status).toBe('running');
    for (const id of [ids[0]!, ids[2]!]) expect(await ledgerOf(w.t, id)).toEqual([charge(id), refund(id)]);
    expect(await drawBalance(w.t, user.id)).toBe(3);
    await callApi(w.t.app, api.drawCancel, { token: user.token, body: { id: ids[1] } });
    expect(await drawBalance(w.t, user.id)).toBe(4);
    // A finished drawing is not cancellable.
    const done = (await submit(w.t, user.token, {})).body.data.id;
    await waitFor(w.t, user.token, done, ['success']);
    const late = await callApi(w.t.app, api.drawCancel, { token: user.token, body: { id: done } });
    expect(late.status).toBe(409);
    expect(late.body.key).toBe('draw_not_cancellable');
  });

  it('fails the running and queued jobs of a channel the admin switches off, refunded once; the family goes away', async () => {
    const user = await drawUser(w.t, 3);
    w.peers.yj.script(['hang', 'hang']);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await submit(w.t, user.token, { family: 'yj', size: '1:1' })).body.data.id);
    await until(async () => (await detail(w.t, user.token, ids[0]!)).status === 'running');
    const off = await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { env_family: 'yj', enabled: false } });
    expect(off.body.data).toMatchObject({ source: 'env', family: 'yj', enabled: false });
    for (const id of ids) {
      const record = await waitFor(w.t, user.token, id, ['failed', 'cancelled', 'success'], 3000);
      expect(record.fail_reason).toBe('draw_fail_channel_disabled');
      expect(await ledgerOf(w.t, id)).toEqual([charge(id), refund(id)]);
    }
    expect(await drawBalance(w.t, user.id)).toBe(3);
    const options = await callApi(w.t.app, api.drawOptions, { token: user.token });
    expect(options.body.data.families.map((f) => f.family)).not.toContain('yj');
    const refusedNow = await submit(w.t, user.token, { family: 'yj', size: '1:1' });
    expect(refusedNow.body.key).toBe('drawing_disabled');
    await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { env_family: 'yj', enabled: true } });
    expect((await callApi(w.t.app, api.drawOptions, {})).body.data.families.map((f) => f.family)).toContain('yj');
  });

  it('fails a job stuck at the provider past its channel\'s deadline, refunded once', async () => {
    const saved = await callApi(w.t.app, api.adminDrawChannelSave, {
      token: admin,
      body: { family: 'openai', name: 'slow', base_url: w.peers.openai.url, api_key: 'peer-key', enabled: true, concurrency: 1, timeout_seconds: 10, offers: [{ model: 'dall-e-3', size: '1024x1024', price: 2 }] },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const user = await drawUser(w.t, 2);
    w.peers.openai.script(['hang']);
    const res = await submit(w.t, user.token, {});
    expect(res.body.data.cost).toBe(2);
    const record = await waitFor(w.t, user.token, res.body.data.id, ['failed', 'success'], 15_000);
    expect(record.fail_reason).toBe('draw_fail_timeout');
    expect(await drawBalance(w.t, user.id)).toBe(2);
    await callApi(w.t.app, api.adminDrawChannelDelete, { token: admin, body: { id: saved.body.data.id! } });
  }, 20_000);
});
