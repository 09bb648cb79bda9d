import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, MINDMAP_SOURCE_MAX, mindmapStreamEventSchema, type MindmapNode } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { listen, stream, type StreamResult } from '../../test/sse-client.js';
import { completeDoc, memberUser, multipart } from '../../test/doc-fixture.js';
import { deflatedFill, zipOf, zipWith } from '../../test/zip-fixture.js';

/** Maps from a pasted outline, editing over revisions, history, sharing, import and export, and the refusals of each. */
describe('mind maps', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const OUTLINE = '# Photosynthesis\n- Light reactions\n  - Photosystem II\n  - ATP synthase\n- Calvin cycle\n  - [RuBisCO](https://en.wikipedia.org/wiki/RuBisCO)\n  > Fixes carbon dioxide\n- 叶绿体 🌱\n';

  function parsed(res: StreamResult) {
    return res.events.map((e) => mindmapStreamEventSchema.parse(e));
  }

  async function fromOutline(token: string, markdown = OUTLINE, title?: string): Promise<number> {
    const res = await stream(base, '/mindmap/create', { source: 'markdown', markdown, ...(title ? { title } : {}) }, { token, locale: 'en' });
    expect(res.status).toBe(200);
    const start = parsed(res)[0]!;
    if (start.type !== 'start') throw new Error('no start frame');
    return start.id;
  }

  async function importFile(token: string, filename: string, data: Buffer) {
    const body = multipart([{ name: 'file', filename, data }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/mindmap/import', headers: { 'content-type': body.contentType, token, 'accept-language': 'en' }, payload: body.payload });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { id: number; title: string; nodes: number } | null } };
  }

  async function exportFile(token: string, id: number, format: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/mindmap/export?id=${id}&format=${format}`, headers: { token, 'accept-language': 'en' } });
    return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
  }

  it('makes a map from a pasted outline at once: start, the stored map, end', async () => {
    const u = await makeUser(t.app);
    const res = await stream(base, '/mindmap/create', { source: 'markdown', markdown: OUTLINE }, { token: u.token, locale: 'en' });
    expect(res.contentType).toContain('text/event-stream');
    const events = parsed(res);
    expect(events.map((e) => e.type)).toEqual(['start', 'map', 'end']);
    expect(events[0]).toMatchObject({ type: 'start', title: 'Photosynthesis', source: 'markdown', streaming: false, model: null });
    const map = events[1]!;
    if (map.type !== 'map') throw new Error('no map');
    expect(map.revision).toBe(1);
    expect(map.tree.children.map((c) => c.topic)).toEqual(['Light reactions', 'Calvin cycle', '叶绿体 🌱']);
    expect(map.tree.children[1]!.children[0]).toMatchObject({ topic: 'RuBisCO', link: 'https://en.wikipedia.org/wiki/RuBisCO', note: 'Fixes carbon dioxide' });

    const detail = await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(map.id) } });
    expect(detail.body.data).toMatchObject({ id: map.id, title: 'Photosynthesis', revision: 1, source: 'markdown', status: 'done', nodes: 7, shared: false, notice: null });
    expect(detail.body.data.tree).toEqual(map.tree);
  });

  it('refuses bad outlines before the stream, in the reader\'s language', async () => {
    const u = await makeUser(t.app);
    const empty = await stream(base, '/mindmap/create', { source: 'markdown', markdown: '   \n ' }, { token: u.token, locale: 'en' });
    expect(empty.status).toBe(400);
    expect(empty.json?.msg).toBe('Paste an outline or Markdown text');
    const huge = await stream(base, '/mindmap/create', { source: 'markdown', markdown: `# Big\n${'- item\n'.repeat(28_600)}` }, { token: u.token, locale: 'en' });
    expect(huge.status).toBe(400);
    expect(huge.json?.msg).toBe(`The outline is too long (at most ${MINDMAP_SOURCE_MAX} characters)`);
    const deep = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    const tooDeep = await stream(base, '/mindmap/create', { source: 'markdown', markdown: deep }, { token: u.token, locale: 'zh' });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json?.msg).toBe('导图层级过深（最多20层）');
    const prose = await stream(base, '/mindmap/create', { source: 'topic', topic: '   ' }, { token: u.token, locale: 'en' });
    expect(prose.status).toBe(400);
    expect(prose.json?.msg).toBe('Enter a topic or question');
    const anonymous = await stream(base, '/mindmap/create', { source: 'markdown', markdown: OUTLINE });
    expect(anonymous.status).toBe(401);
    expect((await callApi(t.app, api.mindmapList, { token: u.token })).body.data.count).toBe(0);
  });

  it('tells an offline site that a topic needs a model', async () => {
    const u = await makeUser(t.app);
    const res = await stream(base, '/mindmap/create', { source: 'topic', topic: 'CRISPR gene editing' }, { token: u.token, locale: 'en' });
    expect(res.status).toBe(503);
    expect(res.json?.msg).toContain('needs an AI model');
    const options = await callApi(t.app, api.mindmapOptions, { token: u.token });
    expect(options.body.data).toMatchObject({ is_open: true, model: false, used_today: 0 });
  });

  it("gives a document's own structure on the offline channel, labelled as such", async () => {
    const admin = (await makeUser(t.app, { role: 'admin' })).token;
    const u = await memberUser(t.app, admin);
    const doc = await completeDoc(t, u.token, 'notes.md', Buffer.from('# Field notes\n\n## Sites\n\nWe visited six wetland sites along the river in May.\n'));
    const res = await stream(base, '/mindmap/create', { source: 'document', doc_id: doc.id }, { token: u.token, locale: 'ja' });
    const events = parsed(res);
    expect(events.map((e) => e.type)).toEqual(['start', 'map', 'end']);
    const map = events[1]!;
    if (map.type !== 'map') throw new Error('no map');
    expect(map).toMatchObject({ structural: true, notice: 'mindmap_structural_only', notice_msg: 'これは文書そのものの構成です（AIによる要約ではありません）' });
    expect(map.tree.children[0]!.children[0]).toMatchObject({ topic: 'Sites', children: [{ topic: 'We visited six wetland sites along the river in May.' }] });
    expect(map.tree.children[0]!.link).toMatch(new RegExp(`/doc/details\\?id=${doc.id}&page=1$`));
    expect((await callApi(t.app, api.mindmapOptions, { token: u.token })).body.data.used_today).toBe(0);
  });

  it('saves over a revision: of two tabs saving at once one wins, the other is told', async () => {
    const u = await makeUser(t.app);
    const id = await fromOutline(u.token);
    const edit = (topic: string): MindmapNode => ({ topic, children: [{ topic: 'child', children: [] }] });
    const [a, b] = await Promise.all([
      callApi(t.app, api.mindmapSave, { token: u.token, locale: 'en', body: { id, revision: 1, tree: edit('Tab A') } }),
      callApi(t.app, api.mindmapSave, { token: u.token, locale: 'en', body: { id, revision: 1, tree: edit('Tab B') } }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect(won.body.data).toMatchObject({ id, revision: 2, nodes: 2 });
    expect(lost.body.msg).toBe('This map was changed in another tab or device. Reload it to see the newer version');
    expect(lost.body.data).toMatchObject({ revision: 2 });
    const stored = await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(id) } });
    expect(stored.body.data.tree.topic).toBe(won === a ? 'Tab A' : 'Tab B');
    // The losing tab reloads and saves over the revision it now has.
    const again = await callApi(t.app, api.mindmapSave, { token: u.token, body: { id, revision: 2, tree: edit('Merged'), title: 'Renamed by save' } });
    expect(again.body.data.revision).toBe(3);
    const deep = Array.from({ length: 30 }).reduce<MindmapNode>((child) => ({ topic: 'x', children: [child] }), { topic: 'leaf', children: [] });
    const refused = await callApi(t.app, api.mindmapSave, { token: u.token, locale: 'en', body: { id, revision: 3, tree: deep } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The map is nested too deeply (at most 20 levels)');
    expect((await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(id) } })).body.data).toMatchObject({ revision: 3, title: 'Renamed by save' });
  });

  it("answers someone else's map as not found, whatever is asked of it", async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const id = await fromOutline(owner.token);
    const tree: MindmapNode = { topic: 'mine now', children: [] };
    const asks = [
      callApi(t.app, api.mindmapDetail, { token: other.token, query: { id: String(id) } }),
      callApi(t.app, api.mindmapSave, { token: other.token, body: { id, revision: 1, tree } }),
      callApi(t.app, api.mindmapRename, { token: other.token, body: { id, title: 'x' } }),
      callApi(t.app, api.mindmapDuplicate, { token: other.token, body: { id } }),
      callApi(t.app, api.mindmapShare, { token: other.token, body: { id } }),
      callApi(t.app, api.mindmapShareRevoke, { token: other.token, body: { id } }),
      callApi(t.app, api.mindmapDelete, { token: other.token, body: { id } }),
    ];
    for (const res of await Promise.all(asks)) expect(res.status).toBe(404);
    expect((await exportFile(other.token, id, 'md')).status).toBe(404);
    const kept = await callApi(t.app, api.mindmapDetail, { token: owner.token, query: { id: String(id) } });
    expect(kept.body.data).toMatchObject({ revision: 1, title: 'Photosynthesis', shared: false });
  });

  it('lists, searches, renames, copies and deletes', async () => {
    const u = await makeUser(t.app);
    const first = await fromOutline(u.token, '# Alpha review\n- a\n');
    const second = await fromOutline(u.token, '# Beta plan\n- b\n');
    await fromOutline(u.token, '# 伽马 综述\n- c\n');
    const page = await callApi(t.app, api.mindmapList, { token: u.token, query: { page_size: '2' } });
    expect(page.body.data.count).toBe(3);
    expect(page.body.data.lists).toHaveLength(2);
    const searched = await callApi(t.app, api.mindmapList, { token: u.token, query: { keyword: 'beta' } });
    expect(searched.body.data.lists.map((m) => m.id)).toEqual([second]);
    expect((await callApi(t.app, api.mindmapList, { token: u.token, query: { keyword: '综述' } })).body.data.count).toBe(1);
    expect((await callApi(t.app, api.mindmapList, { token: u.token, query: { keyword: '100%_' } })).body.data.count).toBe(0);
    const renamed = await callApi(t.app, api.mindmapRename, { token: u.token, body: { id: first, title: '  Alpha, renamed ' } });
    expect(renamed.body.data).toMatchObject({ id: first, title: 'Alpha, renamed', revision: 1 });
    const empty = await callApi(t.app, api.mindmapRename, { token: u.token, locale: 'en', body: { id: first, title: '  ' } });
    expect(empty.status).toBe(400);
    const copy = await callApi(t.app, api.mindmapDuplicate, { token: u.token, body: { id: first } });
    expect(copy.body.data).toMatchObject({ title: 'Alpha, renamed', source: 'markdown', shared: false });
    expect(copy.body.data.id).not.toBe(first);
    await callApi(t.app, api.mindmapDelete, { token: u.token, body: { id: first } });
    expect((await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(first) } })).status).toBe(404);
    expect((await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(copy.body.data.id) } })).body.data.tree.topic).toBe('Alpha review');
  });

  it('shares a read-only link that anyone can open until the owner revokes it', async () => {
    const u = await makeUser(t.app);
    const id = await fromOutline(u.token);
    const share = await callApi(t.app, api.mindmapShare, { token: u.token, body: { id } });
    const token = share.body.data.token;
    expect(share.body.data.path).toBe(`/mind_map/share?token=${token}`);
    const open = await callApi(t.app, api.mindmapShared, { query: { token } });
    expect(open.status).toBe(200);
    expect(open.body.data.tree.topic).toBe('Photosynthesis');
    expect(Object.keys(open.body.data).sort()).toEqual(['title', 'tree', 'updated_at']);
    expect((await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(id) } })).body.data.shared).toBe(true);
    // A new link replaces the old one.
    const renewed = await callApi(t.app, api.mindmapShare, { token: u.token, body: { id } });
    expect((await callApi(t.app, api.mindmapShared, { query: { token } })).status).toBe(404);
    await callApi(t.app, api.mindmapShareRevoke, { token: u.token, body: { id } });
    const revoked = await callApi(t.app, api.mindmapShared, { locale: 'en', query: { token: renewed.body.data.token } });
    expect(revoked.status).toBe(404);
    expect(revoked.body.msg).toBe('This share link is not valid or has been revoked');
    expect((await callApi(t.app, api.mindmapShared, { locale: 'en', query: { token: 'short' } })).status).toBe(400);
  });

  it('exports every text format as an attachment and imports each back to the same tree', async () => {
    const u = await makeUser(t.app);
    const id = await fromOutline(u.token, OUTLINE, '光合作用 notes');
    const original = (await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(id) } })).body.data.tree;
    for (const format of ['md', 'opml', 'mm', 'xmind'] as const) {
      const file = await exportFile(u.token, id, format);
      expect(file.status).toBe(200);
      expect(String(file.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('光合作用 notes')}.${format}`);
      expect(file.headers['cache-control']).toBe('private, no-store');
      const back = await importFile(u.token, `copy.${format}`, file.raw);
      expect(back.status).toBe(200);
      const imported = await callApi(t.app, api.mindmapDetail, { token: u.token, query: { id: String(back.body.data!.id) } });
      expect(imported.body.data.source).toBe('import');
      expect(imported.body.data.tree).toEqual(original);
    }
    for (const [format, type, magic] of [['png', 'image/png', '\x89PNG'], ['pdf', 'application/pdf', '%PDF'], ['svg', 'image/svg+xml; charset=utf-8', '<svg']] as const) {
      const picture = await exportFile(u.token, id, `${format}&layout=right`);
      expect(picture.status).toBe(200);
      expect(picture.headers['content-type']).toBe(type);
      expect(picture.raw.toString('latin1')).toContain(magic);
      expect(String(picture.headers['content-disposition'])).toContain(`.${format}`);
    }
    expect((await exportFile(u.token, id, 'svg')).raw.toString('utf8')).toContain('叶绿体');
    const badFormat = await t.app.inject({ method: 'GET', url: `/api/mindmap/export?id=${id}&format=docx`, headers: { token: u.token } });
    expect(badFormat.statusCode).toBe(400);
  });

  it('refuses malformed, oversized, unknown and bomb imports with the reason, keeping nothing', async () => {
    const u = await makeUser(t.app);
    const opml = await importFile(u.token, 'broken.opml', Buffer.from('<?xml version="1.0"?><opml version="2.0"><body><outline text="a">'));
    expect(opml.status).toBe(400);
    expect(opml.body.msg).toBe('This is not a valid OPML file');
    const mm = await importFile(u.token, 'broken.mm', Buffer.from('<map version="1.0.1"><node TEXT="a"><node></map>'));
    expect(mm.status).toBe(400);
    expect(mm.body.msg).toBe('This is not a valid FreeMind file');
    const notZip = await importFile(u.token, 'broken.xmind', Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(notZip.status).toBe(400);
    expect(notZip.body.msg).toBe('This is not a valid XMind file');
    const noContent = await importFile(u.token, 'empty.xmind', zipWith('manifest.json', Buffer.from('{}')));
    expect(noContent.status).toBe(400);
    // 64 MB of content.json in a 64 KB file: refused by its size, never inflated whole.
    const packed = await deflatedFill(64);
    const bomb = await importFile(u.token, 'bomb.xmind', zipOf([{ name: 'content.json', packed, declared: 64 * 1024 * 1024 }]));
    expect(bomb.status).toBe(400);
    expect(bomb.body.msg).toMatch(/^The XMind file unpacks to too much data/);
    // The same bytes declaring 1 KB: refused too, while inflating.
    const lying = await importFile(u.token, 'lying.xmind', zipOf([{ name: 'content.json', packed, declared: 1024 }]));
    expect(lying.status).toBe(400);
    const unknown = await importFile(u.token, 'notes.docx', Buffer.from('hello'));
    expect(unknown.status).toBe(415);
    const tooLarge = await importFile(u.token, 'big.md', Buffer.alloc(5 * 1024 * 1024 + 10, 0x61));
    expect(tooLarge.status).toBe(413);
    const noFile = await importFile(u.token, 'x.md', Buffer.alloc(0));
    expect(noFile.status).toBe(400);
    expect((await callApi(t.app, api.mindmapList, { token: u.token })).body.data.count).toBe(0);
  });

  it('refuses everything when the admin closes mind maps', async () => {
    const u = await makeUser(t.app);
    const site = await t.app.services.settings.site();
    await t.app.services.settings.saveSite({ ...site, mindmap_config: { ...site.mindmap_config, is_open: false } });
    try {
      const res = await stream(base, '/mindmap/create', { source: 'markdown', markdown: OUTLINE }, { token: u.token, locale: 'en' });
      expect(res.status).toBe(403);
      expect(res.json?.msg).toBe('Mind maps are not available on this site');
      expect((await importFile(u.token, 'a.md', Buffer.from('# A\n- b\n'))).status).toBe(403);
      const config = await callApi(t.app, api.config, {});
      expect(config.body.data.mindmap_config).toEqual({ is_open: false, free_per_day: 5, price: 0 });
    } finally {
      await t.app.services.settings.saveSite(site);
    }
  });
});
