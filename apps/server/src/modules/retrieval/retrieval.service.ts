import type { Locale } from '@xueba/contract';
import type { Passage } from '../../providers/ai/chat-model.js';

export interface RetrievalOptions {
  limit: number;
  locale: Locale;
  /** The asking user (documents are private to their owner). */
  userId: number | null;
  /** Restrict to these source kinds; all registered sources when absent. */
  sources?: string[];
  /** Source-specific scope, e.g. the document ids a question is about. */
  scope?: Record<string, unknown>;
}

/** One body of text that can be searched for passages (help texts, the paper corpus, a user's documents). */
export interface RetrievalSource {
  readonly name: string;
  search(query: string, options: RetrievalOptions): Promise<Passage[]>;
}

/**
 * The single retrieval interface behind the offline channel and
 * retrieval-augmented answers. Feature modules register their sources at start;
 * results from several sources are merged by score.
 */
export class RetrievalService {
  private readonly sources = new Map<string, RetrievalSource>();

  register(source: RetrievalSource): void {
    this.sources.set(source.name, source);
  }

  names(): string[] {
    return [...this.sources.keys()];
  }

  async search(query: string, options: RetrievalOptions): Promise<Passage[]> {
    const chosen = [...this.sources.values()].filter((s) => !options.sources || options.sources.includes(s.name));
    const results = await Promise.all(chosen.map((s) => s.search(query, options)));
    return results
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, options.limit);
  }
}
