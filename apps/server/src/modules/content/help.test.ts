import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { listen, stream, textOf } from '../../test/sse-client.js';
import { makeOperator } from '../../test/content-fixture.js';

describe('help centre', () => {
  let t: TestApp;
  let base: string;
  let operator: { id: number; token: string };
  let sectionId: number;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    operator = await makeOperator(t);
    sectionId = (await callApi(t.app, api.adminContentCategorySave, { token: operator.token, body: { kind: 'help', names: { zh: '账户', en: 'Account' } } })).body.data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (body: unknown) => callApi(t.app, api.adminContentSave, { token: operator.token, body });

  it('lists articles and FAQ by category, searches them, and opens an article', async () => {
    const article = await save({ kind: 'help', category_id: sectionId, status: 'published', versions: { zh: { title: '如何修改密码', body: '<p>在个人中心修改密码。</p>' }, en: { title: 'Changing your password', body: '<p>Change it in the user centre.</p>' } } });
    const faq = await save({ kind: 'faq', category_id: sectionId, status: 'published', versions: { zh: { title: '可以注销账号吗？', body: '<p>可以，联系客服。</p><img src=x onerror=alert(1)>' } } });
    await save({ kind: 'faq', status: 'draft', versions: { zh: { title: '草稿问题', body: '<p>no</p>' } } });
    const other = await save({ kind: 'help', status: 'published', versions: { zh: { title: '发票', body: '<p>invoice</p>' } } });

    const all = await callApi(t.app, api.helpList, { locale: 'en', query: {} });
    expect(all.body.data.categories).toEqual([{ id: sectionId, name: 'Account' }]);
    expect(all.body.data.articles.map((a) => a.title)).toEqual(['Changing your password', '发票']);
    expect(all.body.data.articles[0]).toMatchObject({ body: null, summary: 'Change it in the user centre.' });
    expect(all.body.data.faq).toEqual([expect.objectContaining({ id: faq.body.data.id, title: '可以注销账号吗？', body: '<p>可以，联系客服。</p>', locale: 'zh' })]);
    const section = await callApi(t.app, api.helpList, { query: { category_id: String(sectionId) } });
    expect(section.body.data.articles.map((a) => a.id)).toEqual([article.body.data.id]);
    const searched = await callApi(t.app, api.helpList, { locale: 'en', query: { q: 'password' } });
    expect(searched.body.data.articles.map((a) => a.id)).toEqual([article.body.data.id]);
    expect(searched.body.data.faq).toEqual([]);
    expect((await callApi(t.app, api.helpList, { query: { q: '注销' } })).body.data.faq.map((f) => f.id)).toEqual([faq.body.data.id]);

    const detail = await callApi(t.app, api.helpDetail, { locale: 'ko', query: { id: String(article.body.data.id) } });
    expect(detail.body.data).toMatchObject({ title: '如何修改密码', body: '<p>在个人中心修改密码。</p>', category_name: '账户', kind: 'help' });
    expect((await callApi(t.app, api.helpDetail, { query: { id: String(other.body.data.id) } })).body.data.category_name).toBeNull();
  });

  it('answers 404 for unknown, unpublished and news ids', async () => {
    const draft = await save({ kind: 'help', status: 'draft', versions: { zh: { title: '未发布', body: '<p>x</p>' } } });
    const news = await save({ kind: 'news', status: 'published', versions: { zh: { title: '新闻', body: '<p>x</p>' } } });
    for (const id of [999999, draft.body.data.id, news.body.data.id]) {
      const read = await callApi(t.app, api.helpDetail, { query: { id: String(id) } });
      expect([read.status, read.body.key]).toEqual([404, 'content_not_found']);
    }
    // And help is not news.
    const article = (await callApi(t.app, api.helpList, { query: {} })).body.data.articles[0]!;
    expect((await callApi(t.app, api.newsDetail, { query: { id: String(article.id) } })).status).toBe(404);
  });

  it('feeds the offline chat: a published help article’s fact is cited, a hidden one is not', async () => {
    const fact = 'Quillfeather vouchers expire after 47 days';
    const published = await save({ kind: 'help', status: 'published', versions: { zh: { title: 'Quillfeather 兑换券有效期', body: '<p>Quillfeather 兑换券在 47 天后过期。</p>' }, en: { title: 'Quillfeather voucher validity', body: `<p>${fact}; use them before then.</p>` } } });
    const user = await makeUser(t.app);
    const ask = async (locale: string) => {
      const res = await stream(base, '/chat/send', { content: 'When do Quillfeather vouchers expire?' }, { token: user.token, locale });
      expect(res.status).toBe(200);
      expect(res.events[0]).toMatchObject({ type: 'start', offline: true });
      const sources = (res.events.find((e) => e.type === 'sources')?.passages ?? []) as { source: string; id: string; title: string }[];
      return { text: textOf(res.events), sources };
    };
    const en = await ask('en');
    expect(en.sources[0]).toMatchObject({ source: 'help', id: `article-${published.body.data.id}.en`, title: 'Quillfeather voucher validity' });
    expect(en.text).toContain(fact);
    // A reader of a language without a version gets the Chinese text, as on the help pages.
    const ja = await ask('ja');
    expect(ja.sources[0]).toMatchObject({ id: `article-${published.body.data.id}.zh` });
    expect(ja.text).toContain('47 天后过期');

    // Hiding it takes it out of the answers at once (the index follows what is visible).
    await save({ id: published.body.data.id, kind: 'help', status: 'hidden', versions: { zh: { title: 'Quillfeather 兑换券有效期', body: '<p>x</p>' } } });
    const after = await ask('en');
    expect(after.text).not.toContain(fact);
    expect(after.sources.map((s) => s.title)).not.toContain('Quillfeather voucher validity');
  });
});
