import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, chatStreamEventSchema, LOCALES } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { listen, stream, textOf } from '../../test/sse-client.js';
import { emptyRecord, type ImportedPaper } from '../paper/paper.types.js';
import { HELP_ARTICLES } from '../retrieval/help-texts.js';
import { DEFAULT_SITE_SETTINGS } from '../settings/settings.defaults.js';

function paper(id: string, title: string, abstract: string): ImportedPaper {
  return { ...emptyRecord('local', id, title), abstract, venue: 'ACL', year: 2023, type: 'conference', references: [] };
}

const PAPERS = [
  paper('att-1', 'Effective Approaches to Attention-based Neural Machine Translation', 'An attention mechanism lets the decoder focus on parts of the source sentence. We examine global and local attention.'),
  paper('att-2', 'Attention Is Not Explanation', 'Attention mechanism weights are often presented as explanations; we find they frequently do not correlate with feature importance.'),
  paper('sum-1', 'Extractive Summarization of Legal Documents', 'We summarise court rulings with a sentence ranking model and evaluate with ROUGE.'),
];

describe('offline answers come from the paper library and help centre', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    await t.app.services.papers.importer.importPapers(PAPERS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a Chinese question with cited English papers, never with a home-page problem example', async () => {
    const u = await makeUser(t.app);
    const res = await stream(base, '/chat/send', { content: '什么是注意力机制？' }, { token: u.token, locale: 'zh' });
    expect(res.status).toBe(200);
    for (const e of res.events) chatStreamEventSchema.parse(e);
    expect(res.events[0]).toMatchObject({ type: 'start', model: 'offline', offline: true });
    const text = textOf(res.events);
    expect(text.startsWith('> 尚未接入 AI 模型，以下不是模型生成的回答，而是')).toBe(true);
    expect(text).toContain('相关段落列表');
    const sources = res.events.find((e) => e.type === 'sources')?.passages as { source: string; title: string }[];
    expect(sources.length).toBeGreaterThan(0);
    expect(sources[0]?.source).toBe('paper');
    expect(sources.map((s) => s.title)).toEqual(expect.arrayContaining([PAPERS[0]!.title, PAPERS[1]!.title]));
    expect(sources.map((s) => s.title)).not.toContain(PAPERS[2]!.title);
    expect(text).toContain('[1] ');
    for (const locale of LOCALES) {
      for (const example of DEFAULT_SITE_SETTINGS.problem_examples[locale]) {
        expect(text).not.toContain(example.content);
        expect(sources.map((s) => s.title)).not.toContain(example.title);
      }
    }
  });

  it('never offers a problem example as a retrieved passage', async () => {
    for (const locale of LOCALES) {
      for (const example of DEFAULT_SITE_SETTINGS.problem_examples[locale]) {
        const found = await t.app.services.retrieval.search(example.content, { limit: 5, locale, userId: null });
        expect(found.map((p) => p.text)).not.toContain(example.content);
      }
    }
  });

  it('runs an English-prompt writing template in the Chinese interface with Chinese help text, not English', async () => {
    const u = await makeUser(t.app);
    const templates = await callApi(t.app, api.createTemplates, { locale: 'zh' });
    const polish = templates.body.data.lists.find((x) => x.key === 'polish_en')!;
    const res = await stream(base, '/create/produce', { template_id: polish.id, fields: { text: 'We was happy with the results.', field: 'linguistics' } }, { token: u.token, locale: 'zh' });
    expect(res.status).toBe(200);
    expect(res.events[0]).toMatchObject({ type: 'start', offline: true });
    const text = textOf(res.events);
    const sources = res.events.find((e) => e.type === 'sources')?.passages as { source: string; id: string; title: string }[];
    const help = sources.filter((s) => s.source === 'help');
    expect(help.length).toBeGreaterThan(0);
    for (const passage of help) expect(passage.id.endsWith('.zh')).toBe(true);
    expect(text).toContain(HELP_ARTICLES.find((a) => a.id === 'templates')!.texts.zh.text);
    for (const article of HELP_ARTICLES) expect(text).not.toContain(article.texts.en.text.slice(0, 40));
  });

  it('says in the asker’s language that no model is connected', async () => {
    const u = await makeUser(t.app);
    const first = { en: '> No AI model is connected yet, so this is not a generated answer', ja: '> AI モデルはまだ接続されていないため', ko: '> 아직 AI 모델이 연결되지 않아' } as const;
    for (const [locale, start] of Object.entries(first)) {
      const res = await stream(base, '/chat/send', { content: 'attention mechanism' }, { token: u.token, locale });
      expect(textOf(res.events).startsWith(start)).toBe(true);
    }
  });
});
