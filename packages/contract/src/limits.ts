/**
 * Plain limits shared by schemas and the web app. This module imports nothing,
 * so the web app's first screen can use a limit without loading any schema.
 */
export const PAPER_KEYWORD_MAX = 500;
