import type { AiSettings } from '@xueba/contract';

const DEFAULT_SYSTEM_PROMPT =
  'You are Xueba (学霸), an academic assistant for researchers and students. Answer accurately and say when you are unsure. ' +
  'Use Markdown; write formulas in LaTeX with $...$ or $$...$$. Answer in the language of the question.';

/**
 * The admin's system prompt for chat answers and template outputs, or the
 * built-in one; a conversation's skill adds its own instructions after it, so
 * the site's rules (accuracy, formatting) still frame what the skill asks.
 */
export function systemPrompt(settings: AiSettings, skillPrompt?: string | null): string {
  const base = settings.system_prompt.trim() || DEFAULT_SYSTEM_PROMPT;
  const skill = skillPrompt?.trim();
  return skill ? `${base}\n\n${skill}` : base;
}
