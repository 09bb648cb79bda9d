import type { AppContext } from '../../platform/context.js';
import type { Passage } from '../../providers/ai/chat-model.js';
import type { RetrievalOptions, RetrievalSource } from '../retrieval/retrieval.service.js';
import type { DocService } from './doc.service.js';

/**
 * The user's own documents as a retrieval source (`document`), so the offline
 * channel and cited answers elsewhere can quote them. Private: only the
 * asking user's complete documents are searched (`scope.doc_ids` narrows it).
 */
export class DocumentSource implements RetrievalSource {
  readonly name = 'document';

  constructor(
    private readonly docs: DocService,
    private readonly ctx: AppContext,
  ) {}

  async search(query: string, options: RetrievalOptions): Promise<Passage[]> {
    if (options.userId === null) return [];
    const complete = await this.docs.repo.completeIds(this.ctx.db, options.userId);
    const scope = Array.isArray(options.scope?.doc_ids) ? new Set((options.scope.doc_ids as unknown[]).map(Number)) : null;
    const chosen = complete.filter((d) => !scope || scope.has(d.id)).slice(0, 50);
    const names = new Map(chosen.map((d) => [d.id, d.name]));
    const hits = await this.docs.search(
      chosen.map((d) => d.id),
      query,
      options.limit,
    );
    return hits.map((h) => ({ source: 'document', id: String(h.chunk.docId), title: names.get(h.chunk.docId) ?? '', text: h.chunk.text, page: h.chunk.page, score: h.score }));
  }
}
