import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, SKILL_PROMPT_MAX, type AdminSkillSave } from '@xueba/contract';
import { callApi, makeUser, switchOffTasks, type TestApp } from '../../test/helpers.js';
import { uploadImage } from '../../test/draw-world.js';
import { storedFile } from '../../test/qr-fixture.js';
import { stream } from '../../test/sse-client.js';
import { startAiTestApp, type AiTestApp } from '../../test/ai-app.js';
import type { FakeOpenAI } from '../../test/fake-openai.js';
import { SEED_SKILLS } from './skill.seed.js';
import { SkillService } from './skill.service.js';

type Made = Awaited<ReturnType<typeof makeUser>>;

const text = (zh: string, en = '', ja = '', ko = '') => ({ zh, en, ja, ko });

function skillInput(overrides: Partial<AdminSkillSave> = {}): AdminSkillSave {
  return {
    names: text('方法论导师', 'Methods mentor', 'メソッド指導', '방법론 멘토'),
    descriptions: text('帮你设计研究方法', 'Helps you design methods', '研究方法の設計を手伝います', '연구 방법 설계를 돕습니다'),
    prompts: text('SKILL-ZH 你是方法论导师。', 'SKILL-EN You are a methods mentor.'),
    starters: [text('怎么设计对照组？', 'How do I design a control group?')],
    category: 'research',
    icon_emoji: '🧪',
    ...overrides,
  };
}

describe('skills', () => {
  let ai: AiTestApp;
  let t: TestApp;
  let fake: FakeOpenAI;
  let base: string;
  let operator: Made;
  let user: Made;

  beforeAll(async () => {
    ai = await startAiTestApp('sk-env', 'fake-model, other-model');
    ({ t, fake, base } = ai);
    await switchOffTasks(t);
    operator = await makeUser(t.app);
    await t.owned.ctx.db.updateTable('users').set({ role: 'operator' }).where('id', '=', operator.user.id).execute();
    user = await makeUser(t.app);
  });
  afterAll(async () => {
    await ai.close();
  });

  const save = (body: unknown, token = operator.token) => callApi(t.app, api.adminSkillSave, { token, body });

  it('starts with the built-in academic skills in four languages, once', async () => {
    const zh = await callApi(t.app, api.skillLists, { locale: 'zh' });
    expect(zh.status).toBe(200);
    expect(zh.body.data.lists.map((s) => s.name)).toEqual(SEED_SKILLS.map((s) => s.names.zh));
    const ja = await callApi(t.app, api.skillLists, { locale: 'ja' });
    expect(ja.body.data.lists.map((s) => s.name)).toEqual(SEED_SKILLS.map((s) => s.names.ja));
    for (const s of ja.body.data.lists) expect(s).toMatchObject({ favorite: false, use_count: 0, icon_url: null });
    expect(ja.body.data.lists[0]!.starters.length).toBeGreaterThan(0);
    // The system prompt stays on the server.
    expect(JSON.stringify(zh.body.data)).not.toContain(SEED_SKILLS[0]!.prompts.zh.slice(0, 20));
    await new SkillService(t.app.ctx, t.app.services.models, t.app.services.settings).seed();
    expect((await callApi(t.app, api.adminSkillLists, { token: operator.token })).body.data.lists).toHaveLength(SEED_SKILLS.length);
  });

  it('lets a plain user call no skill admin endpoint (403), and a visitor none (401)', async () => {
    expect((await callApi(t.app, api.adminSkillLists, { token: user.token })).status).toBe(403);
    expect((await save(skillInput(), user.token)).status).toBe(403);
    expect((await callApi(t.app, api.adminSkillDelete, { token: user.token, body: { id: 1 } })).status).toBe(403);
    expect((await callApi(t.app, api.adminSkillLists, {})).status).toBe(401);
    expect((await callApi(t.app, api.skillLists, {})).body.data.lists).toHaveLength(SEED_SKILLS.length);
  });

  it('refuses too many starter questions, a too-long prompt, a missing Chinese name and an unknown model, naming the field', async () => {
    const starters = Array.from({ length: 5 }, (_, i) => text(`问题 ${i}`));
    const many = await save(skillInput({ starters }), operator.token);
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ key: 'skill_starters_too_many', data: { field: 'starters' } });
    const long = await save(skillInput({ prompts: text('长'.repeat(SKILL_PROMPT_MAX + 1)) }));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ key: 'skill_prompt_too_long', data: { field: 'prompts.zh' } });
    const nameless = await save(skillInput({ names: text('  ', 'Only English') }));
    expect(nameless.body).toMatchObject({ key: 'skill_text_required', data: { field: 'names.zh' } });
    const model = await save(skillInput({ model: 'env:no-such-model' }));
    expect(model.status).toBe(400);
    expect(model.body).toMatchObject({ key: 'model_unavailable', data: { field: 'model' } });
    expect((await callApi(t.app, api.adminSkillLists, { token: operator.token })).body.data.lists).toHaveLength(SEED_SKILLS.length);
  });

  it('keeps markup in names, descriptions and prompts as plain text', async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const name = '<img src=x onerror=alert(1)>名';
    const saved = await save(skillInput({ names: text(name), descriptions: text(hostile), prompts: text(hostile), enabled: false }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.names.zh).toBe(name);
    expect(saved.body.data.prompts.zh).toBe(hostile);
    const listed = await callApi(t.app, api.adminSkillLists, { token: operator.token });
    expect(listed.body.data.lists.find((s) => s.id === saved.body.data.id)!.descriptions.zh).toBe(hostile);
    // JSON only: the text reaches the page as data, which the page renders as text.
    expect(String(listed.headers['content-type'])).toContain('application/json');
    await callApi(t.app, api.adminSkillDelete, { token: operator.token, body: { id: saved.body.data.id } });
  });

  it('saves a skill with an uploaded icon, falls back to Chinese, edits, hides and deletes it', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const upload = await uploadImage(t, operator.token, png);
    const saved = await save(skillInput({ icon: upload.uri, descriptions: text('只有中文简介') }));
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    const icon = saved.body.data.icon_url!;
    const meta = await sharp(storedFile(t, icon)!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 128]);
    const en = await callApi(t.app, api.skillDetail, { locale: 'en', query: { id: String(id) } });
    expect(en.body.data).toMatchObject({ name: 'Methods mentor', description: '只有中文简介', icon_url: icon, starters: ['How do I design a control group?'] });
    const ko = await callApi(t.app, api.skillDetail, { locale: 'ko', query: { id: String(id) } });
    expect(ko.body.data.starters).toEqual(['怎么设计对照组？']);

    // Someone else's upload is not an icon.
    const other = await uploadImage(t, user.token, png);
    const refused = await save(skillInput({ id, icon: other.uri }));
    expect(refused.body).toMatchObject({ key: 'skill_icon_invalid', data: { field: 'icon' } });

    const edited = await save(skillInput({ id, icon: null, enabled: false }));
    expect(edited.body.data).toMatchObject({ icon_url: null, enabled: false });
    expect(storedFile(t, icon)).toBeUndefined();
    const hidden = await callApi(t.app, api.skillDetail, { query: { id: String(id) } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.key).toBe('skill_not_found');
    expect((await callApi(t.app, api.skillLists, {})).body.data.lists.some((s) => s.id === id)).toBe(false);
    await callApi(t.app, api.adminSkillDelete, { token: operator.token, body: { id } });
    expect((await save(skillInput({ id }))).status).toBe(404);
  });

  it('finds skills by category and by a keyword in any language', async () => {
    const data = await callApi(t.app, api.skillLists, { locale: 'en', query: { category: 'data' } });
    expect(data.body.data.lists.map((s) => s.name)).toEqual(['Statistics advisor']);
    const byChinese = await callApi(t.app, api.skillLists, { locale: 'en', query: { keyword: '审稿人' } });
    expect(byChinese.body.data.lists.map((s) => s.name)).toEqual(['Peer reviewer']);
    const byEnglish = await callApi(t.app, api.skillLists, { locale: 'zh', query: { keyword: 'POLISH' } });
    expect(byEnglish.body.data.lists.map((s) => s.name)).toEqual(['英文润色']);
    expect((await callApi(t.app, api.skillLists, { query: { keyword: '100%_' } })).body.data.lists).toEqual([]);
  });

  it('keeps favourites per user, lists them, and refuses a favourite of a hidden skill', async () => {
    const lists = (await callApi(t.app, api.skillLists, { token: user.token })).body.data.lists;
    const target = lists[2]!;
    const fav = await callApi(t.app, api.skillFavorite, { token: user.token, body: { id: target.id, favorite: true } });
    expect(fav.body.data).toEqual({ favorite: true });
    await callApi(t.app, api.skillFavorite, { token: user.token, body: { id: target.id, favorite: true } });
    const mine = await callApi(t.app, api.skillLists, { token: user.token, query: { favorites: '1' } });
    expect(mine.body.data.lists.map((s) => [s.id, s.favorite])).toEqual([[target.id, true]]);
    expect((await callApi(t.app, api.skillLists, { token: operator.token, query: { favorites: '1' } })).body.data.lists).toEqual([]);
    expect((await callApi(t.app, api.skillLists, { query: { favorites: '1' } })).body.data.lists).toEqual([]);
    const admin = await callApi(t.app, api.adminSkillLists, { token: operator.token });
    expect(admin.body.data.lists.find((s) => s.id === target.id)!.favorites).toBe(1);
    await callApi(t.app, api.skillFavorite, { token: user.token, body: { id: target.id, favorite: false } });
    expect((await callApi(t.app, api.skillLists, { token: user.token, query: { favorites: '1' } })).body.data.lists).toEqual([]);
    expect((await callApi(t.app, api.skillFavorite, { token: user.token, body: { id: 999_999, favorite: true } })).status).toBe(404);
    expect((await callApi(t.app, api.skillFavorite, { body: { id: target.id, favorite: true } })).status).toBe(401);
  });

  it('answers a skill conversation with its prompt and preferred model, remembers the skill, and ranks it first', async () => {
    const made = await save(skillInput({ model: 'env:other-model', sort: 50 }));
    const id = made.body.data.id;
    fake.next({ chunks: ['Use a placebo.'] });
    const first = await stream(base, '/chat/send', { content: 'Control group?', skill_id: id }, { token: user.token, locale: 'en' });
    expect(first.status).toBe(200);
    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe('other-model');
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('SKILL-EN You are a methods mentor.');
    const conversationId = Number(first.events[0]!.conversation_id);

    const messages = await callApi(t.app, api.chatMessages, { token: user.token, locale: 'zh', query: { conversation_id: String(conversationId) } });
    expect(messages.body.data.conversation.skill_id).toBe(id);
    expect(messages.body.data.skill).toMatchObject({ id, name: '方法论导师', icon_emoji: '🧪', starters: ['怎么设计对照组？'] });
    const listed = await callApi(t.app, api.chatConversations, { token: user.token, query: { page_no: '1', page_size: '10' } });
    expect(listed.body.data.lists.find((c) => c.id === conversationId)!.skill_id).toBe(id);

    // The next turn keeps the skill (in the asker's language now), whatever skill id is sent with it.
    fake.next({ chunks: ['好的。'] });
    await stream(base, '/chat/send', { conversation_id: conversationId, content: '继续', skill_id: SEED_SKILLS.length }, { token: user.token, locale: 'zh' });
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('SKILL-ZH 你是方法论导师。');
    fake.next({ chunks: ['Again.'] });
    await stream(base, '/chat/regenerate', { conversation_id: conversationId }, { token: user.token, locale: 'en' });
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('SKILL-EN');

    const catalogue = await callApi(t.app, api.skillLists, {});
    expect(catalogue.body.data.lists[0]).toMatchObject({ id, use_count: 1 });

    // A conversation without a skill has none in its prompt.
    fake.next({ chunks: ['Plain.'] });
    await stream(base, '/chat/send', { content: 'Plain question' }, { token: user.token, locale: 'en' });
    expect(fake.requests.at(-1)!.messages[0]!.content).not.toContain('SKILL-');

    // Turned off: its conversation says so instead of answering without it.
    await save(skillInput({ id, model: 'env:other-model', enabled: false }));
    const refused = await stream(base, '/chat/send', { conversation_id: conversationId, content: 'More?' }, { token: user.token, locale: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ key: 'skill_unavailable' });
    const gone = await callApi(t.app, api.chatMessages, { token: user.token, query: { conversation_id: String(conversationId) } });
    expect(gone.body.data.skill).toBeNull();
  });

  it('refuses an unknown or disabled skill in a new chat with a clear error, for users and visitors', async () => {
    const requests = fake.requests.length;
    const unknown = await stream(base, '/chat/send', { content: 'Hello', skill_id: 987_654 }, { token: user.token, locale: 'en' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ key: 'skill_not_found', msg: 'This skill does not exist or has been turned off' });
    const disabled = (await save(skillInput({ enabled: false }))).body.data.id;
    const visitor = await stream(base, '/chat/send', { content: 'Hello', skill_id: disabled }, { locale: 'en' });
    expect(visitor.status).toBe(404);
    expect(visitor.json).toMatchObject({ key: 'skill_not_found' });
    expect(fake.requests.length).toBe(requests);
    const bad = await stream(base, '/chat/send', { content: 'Hello', skill_id: 'abc' }, { token: user.token, locale: 'en' });
    expect(bad.status).toBe(400);
  });

  it('answers a visitor with the skill prompt without storing anything', async () => {
    const reviewer = (await callApi(t.app, api.skillLists, { query: { keyword: 'reviewer' } })).body.data.lists[0]!;
    fake.next({ chunks: ['Summary.'] });
    const res = await stream(base, '/chat/send', { content: 'Review this', skill_id: reviewer.id }, { locale: 'en' });
    expect(res.status).toBe(200);
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('rigorous, fair peer reviewer');
    expect((await callApi(t.app, api.skillDetail, { query: { id: String(reviewer.id) } })).body.data.use_count).toBe(reviewer.use_count);
  });
});
