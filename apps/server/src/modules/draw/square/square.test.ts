import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { api, MESSAGES, SQUARE_POSTER_PATH, type Envelope } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../../test/helpers.js';
import { makeDrawRecord } from '../../../test/draw-fixture.js';
import { DrawSettingsStore, DEFAULT_DRAW_SETTINGS } from '../draw-settings.js';
import { POSTER, qrPlacement } from './square-poster.js';
import { POSTER_RENDERS_PER_WINDOW, POSTER_WINDOW_SECONDS } from './square.service.js';
import { SquareRepository } from './square.repository.js';

const ORIGIN = 'https://xueba.example';

type User = Awaited<ReturnType<typeof makeUser>>;

describe('image square', () => {
  let t: TestApp;
  let admin: User;
  let alice: User;
  let bob: User;
  let carol: User;
  let drawSettings: DrawSettingsStore;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN });
    admin = await makeUser(t.app, { role: 'admin' });
    alice = await makeUser(t.app);
    bob = await makeUser(t.app);
    carol = await makeUser(t.app);
    drawSettings = new DrawSettingsStore(t.app.services.settings);
  });
  afterAll(async () => {
    await t.close();
  });

  const review = (on: boolean) => drawSettings.save({ ...DEFAULT_DRAW_SETTINGS, square_review: on });
  const publish = (token: string, imageId: number) => callApi(t.app, api.squarePublish, { token, body: { image_id: imageId }, locale: 'en' });
  const list = (token?: string, query: Record<string, string> = {}) => callApi(t.app, api.squareList, { token, query: { page_size: '100', ...query }, locale: 'en' });
  const listedIds = async (token?: string, query: Record<string, string> = {}) => (await list(token, query)).body.data.lists.map((i) => i.id);
  const detail = (id: number, token?: string) => callApi(t.app, api.squareDetail, { token, query: { id: String(id) }, locale: 'en' });
  const reviewItem = (id: number, action: 'approve' | 'reject' | 'hide' | 'show') => callApi(t.app, api.adminSquareReview, { token: admin.token, body: { id, action }, locale: 'en' });
  const report = (token: string, id: number, reason: string) => callApi(t.app, api.squareReport, { token, body: { id, reason }, locale: 'en' });
  const unpublish = (token: string, id: number) => callApi(t.app, api.squareUnpublish, { token, body: { id }, locale: 'en' });
  const poster = (id: number, token?: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api${SQUARE_POSTER_PATH}`, remoteAddress, query: { id: String(id) }, headers: { 'accept-language': 'en', ...(token ? { token } : {}) } });
  /** A published item of `owner`'s, with review off. */
  const published = async (owner: User, options: Parameters<typeof makeDrawRecord>[2] = {}) => {
    await review(false);
    const record = await makeDrawRecord(t.app, owner.user.id, options);
    const answer = await publish(owner.token, record.images[0]!.id);
    expect(answer.body.data.status).toBe('published');
    return { record, item: answer.body.data };
  };

  it('with review on, a published picture waits unseen until an administrator approves it, then everyone sees it with what "draw the same" needs', async () => {
    await review(true);
    const record = await makeDrawRecord(t.app, alice.user.id, { prompt: '雨后的竹林，水墨风格', negativePrompt: 'text, watermark', style: 'natural', quality: 'hd' });
    const image = record.images[0]!;
    const answer = await publish(alice.token, image.id);
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(MESSAGES.square_pending.en);
    const item = answer.body.data;
    expect(item).toMatchObject({
      status: 'pending',
      mine: true,
      prompt: '雨后的竹林，水墨风格',
      negative_prompt: 'text, watermark',
      family: 'openai',
      model: 'dall-e-3',
      size: '1024x1024',
      style: 'natural',
      quality: 'hd',
      generation: 'txt2img',
      width: image.width,
      height: image.height,
      nickname: alice.user.nickname,
      avatar: alice.user.avatar,
      share_url: `${ORIGIN}/app/square?id=${item.id}`,
    });

    // Not on the public list, not visible to others; the author sees it among their own.
    expect(await listedIds()).not.toContain(item.id);
    expect(await listedIds(bob.token)).not.toContain(item.id);
    const hidden = await detail(item.id, bob.token);
    expect([hidden.status, hidden.body.key]).toEqual([404, 'square_not_found']);
    expect((await detail(item.id)).status).toBe(404);
    expect((await detail(item.id, alice.token)).body.data.status).toBe('pending');
    expect((await detail(item.id, admin.token)).body.data).toMatchObject({ status: 'pending', mine: false });
    const mine = await list(alice.token, { mine: '1' });
    expect(mine.body.data.lists.find((i) => i.id === item.id)?.status).toBe('pending');

    // The administrator's queue has it, pending items first.
    const queue = await callApi(t.app, api.adminSquareList, { token: admin.token, query: { page_size: '100' } });
    expect(queue.body.data.lists[0]?.status).toBe('pending');
    expect(queue.body.data.lists.find((i) => i.id === item.id)).toMatchObject({ user_id: alice.user.id, reports: 0, report_reasons: [] });

    const approved = await reviewItem(item.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: item.id, status: 'published', user_id: alice.user.id });
    const row = await t.owned.ctx.db.selectFrom('square_items').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row.reviewed_by).toBe(admin.user.id);
    expect(row.reviewed_at?.getTime()).toBeGreaterThan(0);

    const shown = await list(bob.token);
    const seen = shown.body.data.lists.find((i) => i.id === item.id);
    expect(seen).toMatchObject({ status: 'published', mine: false, prompt: '雨后的竹林，水墨风格', nickname: alice.user.nickname });
    expect((await detail(item.id)).body.data.id).toBe(item.id);

    // A visitor can load the (private) picture and its thumbnail through the URLs the item hands out.
    for (const [url, type] of [
      [seen!.image_url, 'image/png'],
      [seen!.thumb_url, 'image/webp'],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url });
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, type]);
    }
    const file = await t.app.inject({ method: 'GET', url: seen!.image_url });
    expect(file.rawPayload.equals(image.png)).toBe(true);
  });

  it('with review off, a picture is published at once', async () => {
    await review(false);
    const record = await makeDrawRecord(t.app, alice.user.id, { visibility: 'public' });
    const answer = await publish(alice.token, record.images[0]!.id);
    expect([answer.status, answer.body.msg, answer.body.data.status]).toEqual([200, MESSAGES.square_published.en, 'published']);
    expect(answer.body.data.image_url).toBe(`/files/${record.images[0]!.storageKey}`);
    expect(await listedIds()).toContain(answer.body.data.id);
  });

  it("refuses someone else's picture, a picture of a drawing that did not succeed, and one that does not exist", async () => {
    await review(false);
    const theirs = await makeDrawRecord(t.app, alice.user.id);
    const stolen = await publish(bob.token, theirs.images[0]!.id);
    expect([stolen.status, stolen.body.key]).toEqual([404, 'square_image_not_found']);
    for (const status of ['failed', 'running', 'cancelled'] as const) {
      const record = await makeDrawRecord(t.app, bob.user.id, { status });
      const refused = await publish(bob.token, record.images[0]!.id);
      expect([status, refused.status, refused.body.key]).toEqual([status, 404, 'square_image_not_found']);
    }
    // Another feature's picture drawn through the same queue (an art QR code) is not a square drawing.
    const qr = await makeDrawRecord(t.app, bob.user.id, { kind: 'qrcode' });
    expect((await publish(bob.token, qr.images[0]!.id)).status).toBe(404);
    expect((await publish(bob.token, 2_000_000)).status).toBe(404);
    const count = await t.owned.ctx.db.selectFrom('square_items').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', bob.user.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    // Visitors cannot publish at all.
    expect((await callApi(t.app, api.squarePublish, { body: { image_id: theirs.images[0]!.id } })).status).toBe(401);
  });

  it('publishing the same picture twice, or at once from two tabs, answers the one item it has', async () => {
    await review(true);
    const record = await makeDrawRecord(t.app, alice.user.id, { images: 2 });
    const first = await publish(alice.token, record.images[0]!.id);
    const again = await publish(alice.token, record.images[0]!.id);
    expect(again.body.data).toEqual(first.body.data);
    const both = await Promise.all([publish(alice.token, record.images[1]!.id), publish(alice.token, record.images[1]!.id)]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(both[0].body.data.id).toBe(both[1].body.data.id);
    const rows = await t.owned.ctx.db.selectFrom('square_items').select('id').where('image_id', 'in', record.images.map((i) => i.id)).execute();
    expect(rows).toHaveLength(2);
    // What a drawing record shows as each picture's `square_id`.
    const other = await makeDrawRecord(t.app, alice.user.id);
    const ids = await new SquareRepository().itemIdsByImage(t.owned.ctx.db, [...record.images.map((i) => i.id), other.images[0]!.id]);
    expect([...ids.entries()]).toEqual(expect.arrayContaining([[record.images[0]!.id, first.body.data.id], [record.images[1]!.id, both[0].body.data.id]]));
    expect(ids.has(other.images[0]!.id)).toBe(false);
  });

  it('a user reports an item once (a second report changes nothing); not their own, not one they cannot see; admins see counts and the latest reasons', async () => {
    const { item } = await published(alice);
    const first = await report(bob.token, item.id, 'Not a drawing');
    expect([first.status, first.body.msg]).toEqual([200, MESSAGES.square_reported.en]);
    const second = await report(bob.token, item.id, 'Changed my mind');
    expect(second.status).toBe(200);
    const rows = await t.owned.ctx.db.selectFrom('square_reports').select(['user_id', 'reason']).where('item_id', '=', item.id).execute();
    expect(rows).toEqual([{ user_id: bob.user.id, reason: 'Not a drawing' }]);

    const own = await report(alice.token, item.id, 'mine');
    expect([own.status, own.body.key]).toEqual([400, 'square_report_own']);
    expect((await callApi(t.app, api.squareReport, { body: { id: item.id, reason: 'x' } })).status).toBe(401);
    const blank = await report(bob.token, item.id, '   ');
    expect(blank.status).toBe(400);

    await review(true);
    const pending = await makeDrawRecord(t.app, alice.user.id);
    const pendingItem = (await publish(alice.token, pending.images[0]!.id)).body.data;
    const unseen = await report(bob.token, pendingItem.id, 'spam');
    expect([unseen.status, unseen.body.key]).toEqual([404, 'square_not_found']);

    t.clock.advance(1000);
    await report(carol.token, item.id, 'Offensive');
    const reported = await callApi(t.app, api.adminSquareList, { token: admin.token, query: { reported: '1', page_size: '100' } });
    expect(reported.body.data.lists.every((i) => i.reports > 0)).toBe(true);
    expect(reported.body.data.lists.find((i) => i.id === item.id)).toMatchObject({ reports: 2, report_reasons: ['Offensive', 'Not a drawing'] });
    expect(reported.body.data.lists.map((i) => i.id)).not.toContain(pendingItem.id);
  });

  it('an administrator hides an item (off the list, kept from its author), shows it again; transitions that do not apply are refused', async () => {
    const { item, record } = await published(alice);
    const hidden = await reviewItem(item.id, 'hide');
    expect(hidden.body.data.status).toBe('hidden');
    expect(await listedIds()).not.toContain(item.id);
    expect((await detail(item.id, bob.token)).status).toBe(404);
    expect((await poster(item.id, bob.token)).statusCode).toBe(404);
    // The author still sees it, marked hidden, and cannot bring it back or withdraw it.
    expect((await detail(item.id, alice.token)).body.data.status).toBe('hidden');
    const again = await publish(alice.token, record.images[0]!.id);
    expect([again.status, again.body.key]).toEqual([409, 'square_taken_down']);
    const withdraw = await unpublish(alice.token, item.id);
    expect([withdraw.status, withdraw.body.key]).toEqual([409, 'square_taken_down']);

    // Repeating an action is harmless; an action from the wrong status is refused.
    expect((await reviewItem(item.id, 'hide')).body.data.status).toBe('hidden');
    const wrong = await reviewItem(item.id, 'reject');
    expect([wrong.status, wrong.body.key]).toEqual([409, 'square_review_invalid']);
    expect((await reviewItem(item.id, 'approve')).status).toBe(409);
    expect((await reviewItem(item.id, 'show')).body.data.status).toBe('published');
    expect(await listedIds()).toContain(item.id);
    expect((await reviewItem(item.id, 'approve')).body.data.status).toBe('published');

    // Rejected: off the square; an administrator may still approve it later.
    await review(true);
    const pending = await makeDrawRecord(t.app, alice.user.id);
    const pendingItem = (await publish(alice.token, pending.images[0]!.id)).body.data;
    expect((await reviewItem(pendingItem.id, 'hide')).status).toBe(409);
    expect((await reviewItem(pendingItem.id, 'reject')).body.data.status).toBe('rejected');
    expect((await publish(alice.token, pending.images[0]!.id)).body.key).toBe('square_taken_down');
    expect((await reviewItem(pendingItem.id, 'approve')).body.data.status).toBe('published');

    expect((await reviewItem(3_000_000, 'approve')).status).toBe(404);
    expect((await callApi(t.app, api.adminSquareReview, { token: bob.token, body: { id: item.id, action: 'hide' } })).status).toBe(403);
    const filtered = await callApi(t.app, api.adminSquareList, { token: admin.token, query: { status: 'published', page_size: '100' } });
    expect(filtered.body.data.lists.every((i) => i.status === 'published')).toBe(true);
  });

  it('the author withdraws their item; nobody else can; a second withdrawal finds nothing', async () => {
    const { item, record } = await published(alice);
    const others = await unpublish(bob.token, item.id);
    expect([others.status, others.body.key]).toEqual([404, 'square_not_found']);
    expect((await unpublish(alice.token, item.id)).status).toBe(200);
    expect(await listedIds()).not.toContain(item.id);
    expect((await detail(item.id, alice.token)).status).toBe(404);
    const twice = await unpublish(alice.token, item.id);
    expect([twice.status, twice.body.key]).toEqual([404, 'square_not_found']);
    // The picture itself stays in the drawing record and can be published again.
    expect((await publish(alice.token, record.images[0]!.id)).body.data.status).toBe('published');
  });

  it('lists page newest first, filter by family, and `mine` needs a signed-in user', async () => {
    const dave = await makeUser(t.app);
    const a = await published(dave, { family: 'sd', model: 'sdxl', size: '768x768' });
    t.clock.advance(1000);
    const b = await published(dave, { family: 'yj', model: 'yj-anime', size: '1:1' });
    t.clock.advance(1000);
    const c = await published(dave, { family: 'sd', model: 'sdxl', size: '768x768' });
    const mine = await list(dave.token, { mine: '1', page_size: '2' });
    expect(mine.body.data.lists.map((i) => i.id)).toEqual([c.item.id, b.item.id]);
    expect(mine.body.data.count).toBe(3);
    const second = await list(dave.token, { mine: '1', page_size: '2', page_no: '2' });
    expect(second.body.data.lists.map((i) => i.id)).toEqual([a.item.id]);
    const sd = await list(undefined, { family: 'sd' });
    expect(sd.body.data.lists.every((i) => i.family === 'sd')).toBe(true);
    expect(sd.body.data.lists.map((i) => i.id)).toEqual(expect.arrayContaining([a.item.id, c.item.id]));
    expect(sd.body.data.lists.map((i) => i.id)).not.toContain(b.item.id);
    const visitor = await list(undefined, { mine: '1' });
    expect(visitor.status).toBe(401);
  });

  it('the poster is a PNG of the picture with a QR code of the share link; only visible items have one', async () => {
    const { item } = await published(alice, { prompt: '一只在图书馆里读书的橘猫，温暖的午后阳光，'.repeat(6), width: 120, height: 160 });
    const answer = await poster(item.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    const png = answer.rawPayload;
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width]).toEqual(['png', POSTER.width]);
    // The portrait picture (120×160) is scaled to the inner width: its height alone is taller than that width.
    expect(meta.height).toBeGreaterThan(POSTER.width + POSTER.footerHeight);

    // Read the code back: sample the middle of every module where the poster puts it and compare with the share link's code.
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const dark = (x: number, y: number) => (data[(y * info.width + x) * info.channels] ?? 255) < 128;
    const readModules = (size: number) => {
      const place = qrPlacement(info.height, size);
      const read: boolean[][] = [];
      for (let y = -POSTER.qrQuiet; y < size + POSTER.qrQuiet; y += 1) {
        const row: boolean[] = [];
        for (let x = -POSTER.qrQuiet; x < size + POSTER.qrQuiet; x += 1) {
          row.push(dark(place.left + (x + POSTER.qrQuiet) * place.cell + (place.cell >> 1), place.top + (y + POSTER.qrQuiet) * place.cell + (place.cell >> 1)));
        }
        read.push(row);
      }
      return read;
    };
    const modulesOf = (link: string) => {
      const qr = QRCode.create(link, { errorCorrectionLevel: 'M' });
      const size = qr.modules.size;
      return Array.from({ length: size + 2 * POSTER.qrQuiet }, (_, y) =>
        Array.from({ length: size + 2 * POSTER.qrQuiet }, (_, x) => {
          const mx = x - POSTER.qrQuiet;
          const my = y - POSTER.qrQuiet;
          return mx >= 0 && my >= 0 && mx < size && my < size && Boolean(qr.modules.get(mx, my));
        }),
      );
    };
    const expected = modulesOf(item.share_url);
    expect(readModules(expected.length - 2 * POSTER.qrQuiet)).toEqual(expected);
    // The comparison tells links apart: another item's link is a different code.
    expect(modulesOf(`${ORIGIN}/app/square?id=${item.id + 1}`)).not.toEqual(expected);

    // The picture sits at the top: its darker middle block shows through the scaling.
    expect(dark(POSTER.width / 2, POSTER.padding + Math.round((POSTER.width - 2 * POSTER.padding) * (160 / 120) / 2))).toBe(true);

    // Pending items: the author's poster, private; nobody else's.
    await review(true);
    const record = await makeDrawRecord(t.app, alice.user.id);
    const pending = (await publish(alice.token, record.images[0]!.id)).body.data;
    const own = await poster(pending.id, alice.token);
    expect([own.statusCode, own.headers['cache-control']]).toEqual([200, 'private, no-store']);
    const refused = await poster(pending.id);
    expect(refused.statusCode).toBe(404);
    expect((refused.json() as Envelope<null>).key).toBe('square_not_found');
    expect((await poster(4_000_000)).statusCode).toBe(404);
    const nul = await t.app.inject({ method: 'GET', url: `/api${SQUARE_POSTER_PATH}?id=1%00` });
    expect(nul.statusCode).toBe(400);
  });

  it('one address has at most a set number of posters rendered in the window; posters served again from the cache do not count', async () => {
    const from = '10.20.30.40';
    const items = [];
    for (let i = 0; i < POSTER_RENDERS_PER_WINDOW + 1; i += 1) items.push((await published(carol, { width: 24, height: 24 })).item);
    const extra = items.pop()!;
    for (let i = 0; i < 5; i += 1) expect((await poster(items[0]!.id, undefined, from)).statusCode).toBe(200);
    for (const item of items.slice(1)) expect((await poster(item.id, undefined, from)).statusCode).toBe(200);
    const refused = await poster(extra.id, undefined, from);
    expect([refused.statusCode, (refused.json() as Envelope<null>).key]).toEqual([429, 'rate_limited']);
    expect((await poster(items.at(-1)!.id, undefined, from)).statusCode).toBe(200);
    t.clock.advance(POSTER_WINDOW_SECONDS * 1000);
    expect((await poster(extra.id, undefined, from)).statusCode).toBe(200);
  });

  it('deleting the drawing record removes its square item and the reports on it', async () => {
    const { item, record } = await published(alice);
    await report(bob.token, item.id, 'spam');
    await t.owned.ctx.db.deleteFrom('draw_jobs').where('id', '=', record.jobId).execute();
    expect(await listedIds()).not.toContain(item.id);
    expect((await detail(item.id, alice.token)).status).toBe(404);
    const left = await t.owned.ctx.db.selectFrom('square_reports').select('id').where('item_id', '=', item.id).execute();
    expect(left).toEqual([]);
  });

  it('with the square switched off, users get "square_disabled"; administrators still review', async () => {
    const { item, record } = await published(alice);
    const settings = (await callApi(t.app, api.getSettings, { token: admin.token })).body.data;
    const save = (open: boolean) => callApi(t.app, api.saveSettings, { token: admin.token, body: { ...settings, draw_square_config: { is_open: open } } });
    expect((await save(false)).status).toBe(200);
    try {
      const answers = [
        await list(),
        await detail(item.id, alice.token),
        await publish(alice.token, record.images[0]!.id),
        await report(bob.token, item.id, 'spam'),
      ];
      for (const answer of answers) expect([answer.status, answer.body.key, answer.body.msg]).toEqual([403, 'square_disabled', MESSAGES.square_disabled.en]);
      expect((await poster(item.id)).statusCode).toBe(403);
      expect((await callApi(t.app, api.adminSquareList, { token: admin.token })).status).toBe(200);
      expect((await reviewItem(item.id, 'hide')).status).toBe(200);
    } finally {
      expect((await save(true)).status).toBe(200);
    }
    expect((await list()).status).toBe(200);
  });
});
