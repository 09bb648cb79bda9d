import { LOCALES, type Locale, type SiteSettings } from '@xueba/contract';
import { Bm25Index } from '../../platform/search/bm25.js';
import type { Passage } from '../../providers/ai/chat-model.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { RetrievalOptions, RetrievalSource } from './retrieval.service.js';
import { HELP_ARTICLES } from './help-texts.js';

interface Doc {
  source: 'help';
  /** The article ("billing"), the same in every locale. */
  topic: string;
  id: string;
  locale: Locale;
  title: string;
  text: string;
}

/** Passages in the asker's language rank above the same passage in another. */
const SAME_LOCALE_BOOST = 1.5;

/**
 * The `help` retrieval source: built-in help articles and the site
 * introduction, in every locale. The home page's problem examples are not
 * indexed: they are prompts a reader may send, not answers, so quoting one
 * back as a source would answer a question with itself. The index is rebuilt
 * when the site settings object changes (the settings service replaces it on
 * every edit, in every process through the bus).
 */
export class HelpSource implements RetrievalSource {
  readonly name = 'help';
  private built: { settings: SiteSettings; index: Bm25Index; docs: Doc[] } | undefined;

  constructor(private readonly settings: SettingsService) {}

  /**
   * Any language's words find an article (an English template prompt, a
   * Chinese question), but the passage quoted is the article in the asker's
   * language, once: a Chinese reader is never shown the English help text.
   */
  async search(query: string, options: RetrievalOptions): Promise<Passage[]> {
    const { index, docs } = await this.index();
    const hits = index.search(query, Math.max(options.limit * 4, 12));
    const best = new Map<string, Passage>();
    for (const hit of hits) {
      const found = docs[hit.doc]!;
      const doc = docs.find((d) => d.topic === found.topic && d.locale === options.locale) ?? found;
      const score = found.locale === options.locale ? hit.score * SAME_LOCALE_BOOST : hit.score;
      if ((best.get(doc.topic)?.score ?? -1) < score) best.set(doc.topic, { source: doc.source, id: doc.id, title: doc.title, text: doc.text, score });
    }
    return [...best.values()].sort((a, b) => b.score - a.score).slice(0, options.limit);
  }

  private async index(): Promise<{ index: Bm25Index; docs: Doc[] }> {
    const site = await this.settings.site();
    if (this.built?.settings === site) return this.built;
    const docs: Doc[] = [];
    for (const locale of LOCALES) {
      for (const article of HELP_ARTICLES) docs.push({ source: 'help', topic: article.id, id: `${article.id}.${locale}`, locale, ...article.texts[locale] });
      if (site.intro[locale]) docs.push({ source: 'help', topic: 'intro', id: `intro.${locale}`, locale, title: site.website.name, text: site.intro[locale] });
    }
    const index = new Bm25Index([
      { name: 'title', weight: 2 },
      { name: 'text', weight: 1 },
    ]);
    for (const doc of docs) index.add([doc.title, doc.text]);
    this.built = { settings: site, index, docs };
    return this.built;
  }
}
