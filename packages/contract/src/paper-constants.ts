/**
 * Paper search constants the search page needs at first screen. They live apart
 * from the zod schemas of paper.ts so that importing them does not pull zod
 * into the page's first-screen bundle (a module-level `z.enum(...)` call cannot
 * be dropped by the bundler).
 */

/** Spec §3 paper types. */
export const PAPER_TYPES = [
  'journal',
  'conference',
  'review',
  'short',
  'survey',
  'applied_research',
  'experimental',
  'abstract',
  'report',
  'book_chapter',
  'newspaper',
  'news',
] as const;

export const PAPER_SORTS = ['relevance', 'citations', 'newest'] as const;

/** Deepest result reachable by paging (page_no * page_size). */
export const PAPER_RESULT_WINDOW = 1000;
