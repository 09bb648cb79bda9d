import type { RetrievalSource } from '../retrieval/retrieval.service.js';
import { translateChineseQuery } from '../../platform/search/zh-en.js';
import type { PaperService } from './paper.service.js';

/**
 * The local paper corpus as a retrieval source (`paper`), so the offline chat
 * channel and retrieval-augmented answers can cite papers. The corpus is
 * English: a Chinese question is also searched through the offline
 * dictionary's English, as paper search does without a model (decision 0022),
 * or "什么是注意力机制" would find nothing in a library full of attention papers.
 */
export function paperRetrievalSource(papers: PaperService): RetrievalSource {
  return {
    name: 'paper',
    search: async (query, options) => {
      await papers.index.ready();
      const english = await translateChineseQuery(query);
      const terms = [...new Set([...papers.index.terms(query), ...(english ? papers.index.terms(english) : [])])];
      if (terms.length === 0) return [];
      const ranked = papers.index.search(terms, {}, options.limit);
      const rows = new Map((await papers.repo.byIds(ranked.ids)).map((r) => [r.id, r]));
      return ranked.ids.flatMap((id, i) => {
        const row = rows.get(id);
        return row ? [{ source: 'paper', id: String(id), title: row.title, text: row.abstract, url: row.url ?? undefined, score: ranked.scores[i]! }] : [];
      });
    },
  };
}
