import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, FEEDBACK_TEXT_MAX } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { uploadImage } from '../../test/draw-world.js';
import { FEEDBACK_PER_HOUR } from './feedback.service.js';

async function operator(t: TestApp): Promise<{ id: number; token: string }> {
  const made = await makeUser(t.app);
  await t.owned.ctx.db.updateTable('users').set({ role: 'operator' }).where('id', '=', made.user.id).execute();
  await t.owned.ctx.bus.publish('user', String(made.user.id));
  return { id: made.user.id, token: made.token };
}

describe('feedback (/user/opinion) and Admin → Feedback', () => {
  let t: TestApp;
  let staff: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await operator(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();

  it('takes a report with screenshots and the page, threads replies both ways, and closes', async () => {
    const user = await makeUser(t.app);
    const shot = await uploadImage(t, user.token, await png());
    const submitted = await callApi(t.app, api.feedbackSubmit, { token: user.token, locale: 'en', body: { category: 'bug', content: 'The export button does nothing', images: [shot.uri], page: '/app/mindmap' } });
    expect(submitted.status, submitted.body.msg).toBe(200);
    expect(submitted.body.msg).toBe('Feedback sent; we will reply soon');
    const id = submitted.body.data.id;
    expect(submitted.body.data).toMatchObject({ status: 'open', unread: false, page: '/app/mindmap', images: [shot.uri], reply_count: 0 });

    const listed = await callApi(t.app, api.adminFeedbackList, { token: staff.token, query: { status: 'open', category: 'bug', keyword: 'export' } });
    expect(listed.body.data.lists.map((x) => x.id)).toContain(id);
    expect((await callApi(t.app, api.adminFeedbackList, { token: staff.token, query: { category: 'billing', keyword: 'export' } })).body.data.lists).toHaveLength(0);

    const replied = await callApi(t.app, api.adminFeedbackReply, { token: staff.token, body: { id, content: 'Fixed in the next release, thank you' } });
    expect(replied.status).toBe(200);
    expect(replied.body.data.status).toBe('replied');
    // The user is notified through the notice centre, with a link to the thread.
    const notices = await t.owned.ctx.db.selectFrom('notifications').select(['kind', 'link']).where('user_id', '=', user.user.id).execute();
    expect(notices).toEqual([{ kind: 'feedback_replied', link: `/user/opinion?id=${id}` }]);

    const mine = await callApi(t.app, api.feedbackList, { token: user.token });
    expect(mine.body.data.unread).toBe(1);
    expect(mine.body.data.lists[0]).toMatchObject({ id, status: 'replied', unread: true, reply_count: 1 });
    const thread = await callApi(t.app, api.feedbackDetail, { token: user.token, query: { id: String(id) } });
    expect(thread.body.data.replies.map((r) => [r.author, r.content])).toEqual([['operator', 'Fixed in the next release, thank you']]);
    expect((await callApi(t.app, api.feedbackList, { token: user.token })).body.data.unread).toBe(0);

    const back = await callApi(t.app, api.feedbackReply, { token: user.token, body: { id, content: 'Still broken on Safari' } });
    expect(back.body.data.status).toBe('open');
    expect(back.body.data.replies.map((r) => r.author)).toEqual(['operator', 'user']);

    expect((await callApi(t.app, api.adminFeedbackClose, { token: staff.token, body: { id } })).status).toBe(200);
    const late = await callApi(t.app, api.feedbackReply, { token: user.token, locale: 'en', body: { id, content: 'one more thing' } });
    expect(late.status).toBe(409);
    expect(late.body.key).toBe('feedback_closed');
    expect((await callApi(t.app, api.adminFeedbackReply, { token: staff.token, body: { id, content: 'late' } })).status).toBe(409);
  });

  it('keeps script and event-handler HTML as plain text', async () => {
    const user = await makeUser(t.app);
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    const submitted = await callApi(t.app, api.feedbackSubmit, { token: user.token, body: { category: 'other', content: hostile } });
    expect(submitted.body.data.content).toBe(hostile);
    const seen = await callApi(t.app, api.adminFeedbackDetail, { token: staff.token, query: { id: String(submitted.body.data.id) } });
    // Stored and answered as typed, in JSON: the pages render it as text (the browser test checks no element is made).
    expect(seen.body.data.content).toBe(hostile);
  });

  it('refuses 5 screenshots, a 10 MB screenshot, 10,000 characters, and another user\'s picture', async () => {
    const user = await makeUser(t.app);
    const uris: string[] = [];
    for (let i = 0; i < 5; i += 1) uris.push((await uploadImage(t, user.token, await png())).uri!);
    const five = await callApi(t.app, api.feedbackSubmit, { token: user.token, locale: 'en', body: { category: 'bug', content: 'five', images: uris } });
    expect(five.status).toBe(400);
    expect(five.body.key).toBe('feedback_images_too_many');
    expect(five.body.msg).toBe('At most 4 screenshots');

    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await uploadImage(t, user.token, big);
    expect(tooBig.status).toBe(413);

    const long = await callApi(t.app, api.feedbackSubmit, { token: user.token, locale: 'en', body: { category: 'bug', content: 'x'.repeat(10_000) } });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('Feedback can be at most 2,000 characters');
    expect(FEEDBACK_TEXT_MAX).toBe(2000);

    const other = await makeUser(t.app);
    const theirs = await callApi(t.app, api.feedbackSubmit, { token: other.token, body: { category: 'bug', content: 'not mine', images: [uris[0]] } });
    expect(theirs.body.key).toBe('feedback_image_invalid');
    const made = await t.owned.ctx.db.selectFrom('feedbacks').select('id').where('user_id', 'in', [user.user.id, other.user.id]).execute();
    expect(made).toHaveLength(0);
  });

  it('hides one user\'s feedback from another and refuses a plain user on operator endpoints', async () => {
    const owner = await makeUser(t.app);
    const id = (await callApi(t.app, api.feedbackSubmit, { token: owner.token, body: { category: 'suggestion', content: 'dark mode' } })).body.data.id;
    const stranger = await makeUser(t.app);
    expect((await callApi(t.app, api.feedbackDetail, { token: stranger.token, query: { id: String(id) } })).status).toBe(404);
    expect((await callApi(t.app, api.feedbackReply, { token: stranger.token, body: { id, content: 'hi' } })).status).toBe(404);
    expect((await callApi(t.app, api.adminFeedbackList, { token: stranger.token })).status).toBe(403);
    expect((await callApi(t.app, api.adminFeedbackReply, { token: stranger.token, body: { id, content: 'hi' } })).status).toBe(403);
    expect((await callApi(t.app, api.adminFeedbackClose, { token: stranger.token, body: { id } })).status).toBe(403);
    expect((await callApi(t.app, api.adminFeedbackList, {})).status).toBe(401);
  });

  it('limits how often one user submits', async () => {
    const user = await makeUser(t.app);
    for (let i = 0; i < FEEDBACK_PER_HOUR; i += 1) {
      expect((await callApi(t.app, api.feedbackSubmit, { token: user.token, body: { category: 'other', content: `note ${i}` } })).status).toBe(200);
    }
    const limited = await callApi(t.app, api.feedbackSubmit, { token: user.token, locale: 'en', body: { category: 'other', content: 'one too many' } });
    expect(limited.status).toBe(429);
    expect(limited.body.key).toBe('feedback_rate_limited');
    // Another user is not held back by it.
    const other = await makeUser(t.app);
    expect((await callApi(t.app, api.feedbackSubmit, { token: other.token, body: { category: 'other', content: 'fine' } })).status).toBe(200);
  });
});
