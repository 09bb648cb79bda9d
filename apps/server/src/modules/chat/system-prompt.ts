import type { AiSettings } from '@xueba/contract';

const DEFAULT_SYSTEM_PROMPT =
  'You are Xueba (学霸), an academic assistant for researchers and students. Answer accurately and say when you are unsure. ' +
  'Use Markdown; write formulas in LaTeX with $...$ or $$...$$. Answer in the language of the question.';

/** The admin's system prompt for chat answers and template outputs, or the built-in one. */
export function systemPrompt(settings: AiSettings): string {
  return settings.system_prompt.trim() || DEFAULT_SYSTEM_PROMPT;
}
