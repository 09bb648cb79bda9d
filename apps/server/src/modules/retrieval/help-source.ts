import { LOCALES, type Locale, type SiteSettings } from '@xueba/contract';
import { Bm25Index } from '../../platform/search/bm25.js';
import type { Passage } from '../../providers/ai/chat-model.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { RetrievalOptions, RetrievalSource } from './retrieval.service.js';
import { HELP_ARTICLES } from './help-texts.js';

interface Doc {
  source: 'help';
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

  async search(query: string, options: RetrievalOptions): Promise<Passage[]> {
    const { index, docs } = await this.index();
    const hits = index.search(query, Math.max(options.limit * 4, 12));
    return hits
      .map((hit) => {
        const doc = docs[hit.doc]!;
        const score = doc.locale === options.locale ? hit.score * SAME_LOCALE_BOOST : hit.score;
        return { source: doc.source, id: doc.id, title: doc.title, text: doc.text, score };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, options.limit);
  }

  private async index(): Promise<{ index: Bm25Index; docs: Doc[] }> {
    const site = await this.settings.site();
    if (this.built?.settings === site) return this.built;
    const docs: Doc[] = [];
    for (const locale of LOCALES) {
      for (const article of HELP_ARTICLES) docs.push({ source: 'help', id: `${article.id}.${locale}`, locale, ...article.texts[locale] });
      if (site.intro[locale]) docs.push({ source: 'help', id: `intro.${locale}`, locale, title: site.website.name, text: site.intro[locale] });
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
