/**
 * Drawing and square constants apart from the zod schemas of draw.ts and
 * draw-square.ts, so the drawing and square pages can import them without
 * pulling zod into their first-screen bundles (a module-level `z.enum(...)`
 * call cannot be dropped by the bundler).
 */
export const DRAW_FAMILIES = ['openai', 'sd', 'yj'] as const;
export const DRAW_GENERATIONS = ['txt2img', 'img2img'] as const;
/** Spec §3 "generating, failed, selected or not selected": queued/running are generating. */
export const DRAW_STATUSES = ['queued', 'running', 'success', 'failed', 'cancelled'] as const;

/** Our limits (the spec is silent): dall-e-3 takes 4,000 characters, SD prompts are best short. */
export const DRAW_PROMPT_MAX = 2000;
export const DRAW_NEGATIVE_PROMPT_MAX = 1000;
/** Pictures one job may ask for (dall-e-3 draws one a request; the server loops). */
export const DRAW_MAX_PICTURES = 4;
/** How often the page asks for a running job's state. */
export const DRAW_POLL_MS = 500;

export const SQUARE_STATUSES = ['pending', 'published', 'rejected', 'hidden'] as const;
export const SQUARE_POSTER_PATH = '/draw/square/poster';
export const SQUARE_REPORT_REASON_MAX = 500;
