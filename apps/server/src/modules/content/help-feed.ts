import type { AppContext } from '../../platform/context.js';
import type { HelpArticleFeed } from '../retrieval/help-source.js';
import { ContentRepository } from './content.repository.js';

/** The help centre's published articles and FAQ, as the offline chat's help retrieval reads them. */
export class ContentHelpFeed implements HelpArticleFeed {
  private readonly repo = new ContentRepository();

  constructor(private readonly ctx: AppContext) {}

  signature(): Promise<string> {
    return this.repo.helpSignature(this.ctx.db, this.ctx.now());
  }

  async articles() {
    const found = await this.repo.visibleHelpTexts(this.ctx.db, this.ctx.now());
    return found.map(({ article, versions }) => ({
      id: article.id,
      versions: versions.map((v) => ({ locale: v.locale, title: v.title, text: v.body_text, keywords: v.summary })),
    }));
  }
}
