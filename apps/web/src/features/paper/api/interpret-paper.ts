import { PAPER_INTERPRET_PATH, PAPER_SECTIONS, type PaperInterpretEvent } from '@xueba/contract';
import { stream } from '@/lib/request';

const SECTIONS: readonly string[] = PAPER_SECTIONS;
type Section = (typeof PAPER_SECTIONS)[number];
const isSection = (value: unknown): value is Section => typeof value === 'string' && SECTIONS.includes(value);

/**
 * Narrows one `data:` line to an interpretation event, or null when it is not
 * one. Hand-written instead of the contract's zod schema so the detail page
 * does not ship zod.
 */
export function parseInterpretEvent(data: string): PaperInterpretEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  switch (v.type) {
    case 'start':
      return typeof v.by_model === 'boolean' ? { type: 'start', by_model: v.by_model, notice: typeof v.notice === 'string' ? v.notice : null } : null;
    case 'section':
      return isSection(v.section) && typeof v.title === 'string' ? { type: 'section', section: v.section, title: v.title } : null;
    case 'delta':
      return isSection(v.section) && typeof v.text === 'string' ? { type: 'delta', section: v.section, text: v.text } : null;
    case 'done':
      return { type: 'done' };
    case 'error':
      return { type: 'error', msg: typeof v.msg === 'string' ? v.msg : '' };
    default:
      return null;
  }
}

/**
 * Streams the AI interpretation of a paper (POST, SSE). The server writes it in
 * the request's Accept-Language, which the request layer sets to the interface
 * language. Resolves when the stream ends; a JSON refusal resolves with its data.
 */
export function interpretPaper(id: string, onEvent: (event: PaperInterpretEvent | null) => void, signal: AbortSignal): Promise<unknown> {
  // Silent: a refusal before the stream (rate limit...) is shown in the panel, not also as a toast.
  return stream(PAPER_INTERPRET_PATH, { params: { id }, signal, silent: true, onMessage: (event) => onEvent(parseInterpretEvent(event.data)) });
}
