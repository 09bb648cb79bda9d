/**
 * The membership kinds, apart from the zod schemas of user.ts so that the
 * membership purchase page can import them without pulling zod into its
 * first-screen bundle (a module-level `z.enum(...)` call cannot be dropped by
 * the bundler).
 */
export const MEMBERSHIP_KINDS = ['academic_ai', 'research_report', 'literature', 'paper'] as const;
