import { z } from 'zod';

/** `mindmap_config` of the site settings and of `/pc/config` (kept apart so site.ts and admin.ts import it without the endpoints). */
export const mindmapConfigSchema = z.object({
  is_open: z.boolean(),
  /** Model generations (topic, summarised document or paper) each user gets free per UTC day. */
  free_per_day: z.number().int().min(0).max(10_000),
  /**
   * Beyond the free ones: word counts per 1,000 generated words; 0: the chat
   * model's own price (metered like a chat answer). Members pay nothing.
   */
  price: z.number().int().min(0).max(1_000_000),
});
export type MindmapConfig = z.infer<typeof mindmapConfigSchema>;
