import { LOCALES, type Locale, type SiteSettings } from '@xueba/contract';
import { Bm25Index } from '../../platform/search/bm25.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { RetrievalOptions, RetrievalSource, RetrievedPassage } from './retrieval.service.js';
import { HELP_ARTICLES } from './help-texts.js';
import { textTerms } from './query-terms.js';

interface Doc {
  source: 'help';
  /** The article ("billing"), the same in every locale. */
  topic: string;
  id: string;
  locale: Locale;
  title: string;
  text: string;
  /** Search-only words of the article (the same in every locale). */
  keywords: string;
}

/**
 * Help texts written in the admin console (the help centre's published
 * articles and FAQ). `signature` changes whenever what is visible changes (an
 * edit, a publication, a scheduled time passing), so the index is rebuilt then
 * and only then, in every process.
 */
export interface HelpArticleFeed {
  signature(): Promise<string>;
  articles(): Promise<{ id: number; versions: { locale: Locale; title: string; text: string; keywords: string }[] }[]>;
}

/** Passages in the asker's language rank above the same passage in another. */
const SAME_LOCALE_BOOST = 1.5;
/** The site introduction is an overview: a topic's own article answers better when both match as much. */
const INTRO_WEIGHT = 0.5;

/**
 * The `help` retrieval source: built-in help articles, the help centre's
 * published articles and FAQ, and the site introduction, in every locale. The home page's problem examples are not
 * indexed: they are prompts a reader may send, not answers, so quoting one
 * back as a source would answer a question with itself. The index is rebuilt
 * when the site settings object changes (the settings service replaces it on
 * every edit, in every process through the bus).
 */
export class HelpSource implements RetrievalSource {
  readonly name = 'help';
  private built: { settings: SiteSettings; signature: string; index: Bm25Index; docs: Doc[]; topicTerms: Map<string, Set<string>> } | undefined;

  constructor(
    private readonly settings: SettingsService,
    private readonly feed?: HelpArticleFeed,
  ) {}

  /**
   * Any language's words find an article (an English template prompt, a
   * Chinese question), but the passage quoted is the article in the asker's
   * language, once: a Chinese reader is never shown the English help text.
   * The passage carries the terms of the article in all its languages and its
   * keywords, which is what matched, to measure how much of the question it holds.
   */
  async search(query: string, options: RetrievalOptions): Promise<RetrievedPassage[]> {
    const { index, docs, topicTerms } = await this.index();
    const hits = index.search(query, Math.max(options.limit * 4, 12));
    const best = new Map<string, RetrievedPassage>();
    for (const hit of hits) {
      const found = docs[hit.doc]!;
      // An admin-written article may lack the asker's language: its Chinese version is the fallback, as on the help pages.
      const doc = docs.find((d) => d.topic === found.topic && d.locale === options.locale) ?? docs.find((d) => d.topic === found.topic && d.locale === 'zh') ?? found;
      const score = hit.score * (found.locale === options.locale ? SAME_LOCALE_BOOST : 1) * (doc.topic === 'intro' ? INTRO_WEIGHT : 1);
      if ((best.get(doc.topic)?.score ?? -1) < score) best.set(doc.topic, { source: doc.source, id: doc.id, title: doc.title, text: doc.text, score, terms: topicTerms.get(doc.topic) });
    }
    return [...best.values()].sort((a, b) => b.score - a.score).slice(0, options.limit);
  }

  private async index(): Promise<{ index: Bm25Index; docs: Doc[]; topicTerms: Map<string, Set<string>> }> {
    const [site, signature] = await Promise.all([this.settings.site(), this.feed?.signature() ?? '']);
    if (this.built?.settings === site && this.built.signature === signature) return this.built;
    const docs: Doc[] = [];
    for (const article of (await this.feed?.articles()) ?? []) {
      for (const version of article.versions) docs.push({ source: 'help', topic: `article-${article.id}`, id: `article-${article.id}.${version.locale}`, ...version });
    }
    for (const locale of LOCALES) {
      for (const article of HELP_ARTICLES) docs.push({ source: 'help', topic: article.id, id: `${article.id}.${locale}`, locale, keywords: article.keywords, ...article.texts[locale] });
      if (site.intro[locale]) docs.push({ source: 'help', topic: 'intro', id: `intro.${locale}`, locale, title: site.website.name, text: site.intro[locale], keywords: '' });
    }
    // Korean words are indexed without their particles, as questions are read (query-terms.ts).
    const index = new Bm25Index(
      [
        { name: 'title', weight: 2 },
        { name: 'text', weight: 1 },
        { name: 'keywords', weight: 1 },
      ],
      { tokenizer: textTerms },
    );
    const topicTerms = new Map<string, Set<string>>();
    for (const doc of docs) {
      index.add([doc.title, doc.text, doc.keywords]);
      const terms = topicTerms.get(doc.topic) ?? new Set<string>();
      for (const term of textTerms(`${doc.title} ${doc.text} ${doc.keywords}`)) terms.add(term);
      topicTerms.set(doc.topic, terms);
    }
    this.built = { settings: site, signature, index, docs, topicTerms };
    return this.built;
  }
}
