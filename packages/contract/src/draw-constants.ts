/**
 * Drawing and square constants apart from the zod schemas of draw.ts and
 * draw-square.ts, so the square page can import them without pulling zod into
 * its first-screen bundle (a module-level `z.enum(...)` call cannot be dropped
 * by the bundler).
 */
export const DRAW_FAMILIES = ['openai', 'sd', 'yj'] as const;
export const SQUARE_STATUSES = ['pending', 'published', 'rejected', 'hidden'] as const;
export const SQUARE_POSTER_PATH = '/draw/square/poster';
export const SQUARE_REPORT_REASON_MAX = 500;
