import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { uploadImage } from '../../test/draw-world.js';
import { makeOperator, smallPng, type Staff } from '../../test/content-fixture.js';

const XSS = '<p>Hello <b>world</b></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)" onclick="alert(4)">click</a><iframe src="https://evil.example"></iframe>';

describe('news', () => {
  let t: TestApp;
  let operator: Staff;
  let categoryId: number;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await makeOperator(t);
    const category = await callApi(t.app, api.adminContentCategorySave, { token: operator.token, body: { kind: 'news', names: { zh: '公告', en: 'Announcements' } } });
    expect(category.status, category.body.msg).toBe(200);
    categoryId = category.body.data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (body: unknown, token = operator.token) => callApi(t.app, api.adminContentSave, { token, body });

  it('publishes an article in two languages; each reader gets theirs, the others get Chinese; views count', async () => {
    const picture = await uploadImage(t, operator.token, await smallPng());
    const saved = await save({
      kind: 'news',
      category_id: categoryId,
      cover: picture.uri,
      status: 'published',
      versions: { zh: { title: '新版上线', summary: '中文摘要', body: '<h2>新功能</h2><p>中文正文</p>' }, en: { title: 'New release', summary: 'English summary', body: '<p>English body</p>' } },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'published', visible: true, cover: picture.uri });
    const id = saved.body.data.id;

    const zh = await callApi(t.app, api.newsList, { locale: 'zh', query: {} });
    expect(zh.body.data.lists[0]).toMatchObject({ id, title: '新版上线', summary: '中文摘要', category_name: '公告', locale: 'zh', cover: picture.uri });
    expect(zh.body.data.categories).toEqual([{ id: categoryId, name: '公告' }]);
    const en = await callApi(t.app, api.newsList, { locale: 'en', query: {} });
    expect(en.body.data.lists[0]).toMatchObject({ id, title: 'New release', category_name: 'Announcements', locale: 'en' });
    const ja = await callApi(t.app, api.newsDetail, { locale: 'ja', query: { id: String(id) } });
    expect(ja.body.data).toMatchObject({ title: '新版上线', locale: 'zh', body: '<h2>新功能</h2><p>中文正文</p>', category_name: '公告', view_count: 1 });
    const enDetail = await callApi(t.app, api.newsDetail, { locale: 'en', query: { id: String(id) } });
    expect(enDetail.body.data).toMatchObject({ title: 'New release', body: '<p>English body</p>', view_count: 2 });
  });

  it('stores script and event-handler HTML sanitised, so readers get it inert', async () => {
    const saved = await save({ kind: 'news', status: 'published', versions: { zh: { title: 'XSS', body: XSS } } });
    expect(saved.status, saved.body.msg).toBe(200);
    const body = saved.body.data.versions.zh!.body;
    expect(body).toBe('<p>Hello <b>world</b></p><a rel="noopener noreferrer" target="_blank">click</a>');
    const read = await callApi(t.app, api.newsDetail, { query: { id: String(saved.body.data.id) } });
    expect(read.body.data.body).toBe(body);
    expect(read.body.data.body).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
  });

  it('links previous and next, filters by category, searches titles and text, and pages', async () => {
    const made: number[] = [];
    for (const [i, word] of ['alpha', 'beta', 'gamma'].entries()) {
      t.clock.advance(60_000);
      const saved = await save({ kind: 'news', status: 'published', category_id: i === 1 ? categoryId : null, versions: { zh: { title: `排序 ${word}`, body: `<p>text ${word} 100%_done</p>` } } });
      made.push(saved.body.data.id);
    }
    const middle = await callApi(t.app, api.newsDetail, { query: { id: String(made[1]!) } });
    expect(middle.body.data.prev).toEqual({ id: made[0], title: '排序 alpha' });
    expect(middle.body.data.next).toEqual({ id: made[2], title: '排序 gamma' });
    const newest = await callApi(t.app, api.newsDetail, { query: { id: String(made[2]!) } });
    expect(newest.body.data.next).toBeNull();

    const searched = await callApi(t.app, api.newsList, { query: { q: 'GAMMA' } });
    expect(searched.body.data.lists.map((x) => x.id)).toEqual([made[2]]);
    // A % typed by the reader is a character, not a pattern.
    expect((await callApi(t.app, api.newsList, { query: { q: '100%_done' } })).body.data.count).toBe(3);
    expect((await callApi(t.app, api.newsList, { query: { q: '%' } })).body.data.count).toBe(3);
    const inCategory = await callApi(t.app, api.newsList, { query: { category_id: String(categoryId) } });
    expect(inCategory.body.data.lists.map((x) => x.id)).toContain(made[1]);
    expect(inCategory.body.data.lists.map((x) => x.id)).not.toContain(made[0]);
    const page = await callApi(t.app, api.newsList, { query: { page_size: '2', page_no: '1' } });
    expect(page.body.data.lists.map((x) => x.id)).toEqual([made[2], made[1]]);
    expect(page.body.data.count).toBe(5);
  });

  it('hides drafts, hidden and scheduled articles from readers until their time comes', async () => {
    const draft = await save({ kind: 'news', status: 'draft', versions: { zh: { title: '草稿', body: '<p>d</p>' } } });
    const hidden = await save({ kind: 'news', status: 'hidden', versions: { zh: { title: '隐藏', body: '<p>h</p>' } } });
    const later = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const scheduled = await save({ kind: 'news', status: 'published', publish_at: later, versions: { zh: { title: '定时', body: '<p>s</p>' } } });
    expect(scheduled.body.data).toMatchObject({ status: 'published', visible: false, publish_at: later });
    const listed = async () => (await callApi(t.app, api.newsList, { query: { page_size: '100' } })).body.data.lists.map((x) => x.title);
    for (const made of [draft, hidden, scheduled]) {
      const read = await callApi(t.app, api.newsDetail, { locale: 'en', query: { id: String(made.body.data.id) } });
      expect([read.status, read.body.key]).toEqual([404, 'content_not_found']);
    }
    expect(await listed()).not.toEqual(expect.arrayContaining(['草稿']));
    expect(await listed()).not.toContain('隐藏');
    expect(await listed()).not.toContain('定时');
    t.clock.advance(3600_000 + 1000);
    expect((await listed())[0]).toBe('定时');
    expect((await callApi(t.app, api.newsDetail, { query: { id: String(scheduled.body.data.id) } })).status).toBe(200);
    // Hiding a published article takes it away again.
    const hide = await save({ id: scheduled.body.data.id, kind: 'news', status: 'hidden', versions: { zh: { title: '定时', body: '<p>s</p>' } } });
    expect(hide.body.data.visible).toBe(false);
    expect((await callApi(t.app, api.newsDetail, { query: { id: String(scheduled.body.data.id) } })).status).toBe(404);
  });

  it('answers 404 for an unknown article and refuses bad input with its message', async () => {
    const missing = await callApi(t.app, api.newsDetail, { locale: 'en', query: { id: '999999' } });
    expect([missing.status, missing.body.key, missing.body.msg]).toEqual([404, 'content_not_found', 'This article does not exist or is not published']);
    expect((await callApi(t.app, api.newsDetail, { query: { id: 'abc' } })).status).toBe(400);
    expect((await save({ kind: 'news', versions: { zh: { title: '', body: '<p>x</p>' } } })).body.key).toBe('content_title_required');
    expect((await save({ kind: 'news', versions: { zh: { title: 'only a script', body: '<script>alert(1)</script>' } } })).body.key).toBe('content_body_required');
    expect((await save({ kind: 'news', cover: 'https://evil.example/a.png', versions: { zh: { title: 'c', body: '<p>x</p>' } } })).body.key).toBe('content_image_invalid');
    expect((await save({ kind: 'news', cover: 'javascript:alert(1)', versions: { zh: { title: 'c', body: '<p>x</p>' } } })).body.key).toBe('content_image_invalid');
    expect((await save({ id: 999999, kind: 'news', versions: { zh: { title: 'c', body: '<p>x</p>' } } })).status).toBe(404);
    expect((await save({ kind: 'news', category_id: 999999, versions: { zh: { title: 'c', body: '<p>x</p>' } } })).body.key).toBe('content_category_not_found');
    expect((await save({ kind: 'news', versions: { zh: { title: 'x'.repeat(121), body: '<p>x</p>' } } })).body.key).toBe('content_title_too_long');
    expect((await save({ kind: 'news', publish_at: 'tomorrow', versions: { zh: { title: 'c', body: '<p>x</p>' } } })).body.key).toBe('content_publish_at_invalid');
  });

  it('lets an operator and an administrator manage content, and nobody else', async () => {
    const user = await makeUser(t.app);
    const admin = await makeUser(t.app, { role: 'admin' });
    const body = { kind: 'news' as const, versions: { zh: { title: '权限', body: '<p>x</p>' } } };
    expect((await save(body, user.token)).status).toBe(403);
    expect((await callApi(t.app, api.adminContentList, { token: user.token, query: { kind: 'news' } })).status).toBe(403);
    expect((await callApi(t.app, api.adminContentCategorySave, { token: user.token, body: { kind: 'news', names: { zh: 'x' } } })).status).toBe(403);
    expect((await callApi(t.app, api.adminContentList, { query: { kind: 'news' } })).status).toBe(401);
    const byAdmin = await save(body, admin.token);
    expect(byAdmin.status).toBe(200);
    const listed = await callApi(t.app, api.adminContentList, { token: operator.token, query: { kind: 'news', status: 'draft', q: '权限' } });
    expect(listed.body.data.lists).toEqual([expect.objectContaining({ id: byAdmin.body.data.id, title: '权限', status: 'draft', locales: ['zh'] })]);
    expect((await callApi(t.app, api.adminContentDelete, { token: user.token, body: { id: byAdmin.body.data.id } })).status).toBe(403);
    expect((await callApi(t.app, api.adminContentDelete, { token: operator.token, body: { id: byAdmin.body.data.id } })).status).toBe(200);
    expect((await callApi(t.app, api.adminContentDetail, { token: operator.token, query: { id: String(byAdmin.body.data.id) } })).status).toBe(404);
  });

  it('keeps articles when their category is deleted, and counts each category’s articles', async () => {
    const category = await callApi(t.app, api.adminContentCategorySave, { token: operator.token, body: { kind: 'news', names: { zh: '临时' } } });
    const saved = await save({ kind: 'news', status: 'published', category_id: category.body.data.id, versions: { zh: { title: '分类', body: '<p>x</p>' } } });
    const listed = await callApi(t.app, api.adminContentCategories, { token: operator.token, query: { kind: 'news' } });
    expect(listed.body.data.find((c) => c.id === category.body.data.id)?.articles).toBe(1);
    expect((await callApi(t.app, api.adminContentCategorySave, { token: operator.token, body: { kind: 'news', names: { zh: '' } } })).body.key).toBe('content_name_required');
    // A help section is not a news category.
    expect((await callApi(t.app, api.adminContentCategorySave, { token: operator.token, body: { id: category.body.data.id, kind: 'help', names: { zh: 'x' } } })).status).toBe(404);
    await callApi(t.app, api.adminContentCategoryDelete, { token: operator.token, body: { id: category.body.data.id } });
    const after = await callApi(t.app, api.adminContentDetail, { token: operator.token, query: { id: String(saved.body.data.id) } });
    expect(after.body.data.category_id).toBeNull();
  });
});
