import { ChatModelError, type ChatChunk, type ChatModelClient, type ChatRequest, type Passage } from './chat-model.js';

export interface OfflineTexts {
  /** Says plainly that no model answered and that an administrator can connect one (Markdown). */
  notice: string;
  noMatch: string;
}

const EXCERPT_CHARS = 600;
const PASSAGES = 3;
const RELATIVE_CUTOFF = 0.35;

/**
 * The built-in channel used when no model is configured. It never pretends to
 * be a model: it says so first, then quotes the best matching passages with
 * their sources numbered [n], and streams them like a model so the client
 * has one code path. It costs nothing.
 */
export class OfflineChatClient implements ChatModelClient {
  /**
   * `query` is what to retrieve for when the last user message is a prompt
   * built around the user's words (a writing template): the user's own text,
   * not the template's instructions, says what the answer is about.
   */
  constructor(
    private readonly retrieve: (query: string, limit: number) => Promise<Passage[]>,
    private readonly texts: OfflineTexts,
    private readonly query?: string,
  ) {}

  async *stream(request: ChatRequest): AsyncIterable<ChatChunk> {
    const question = this.query ?? [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const found = question ? await this.retrieve(question, PASSAGES) : [];
    // Weak matches far below the best one are noise, not sources.
    const best = found[0]?.score ?? 0;
    const passages = found.filter((p) => p.score >= best * RELATIVE_CUTOFF);
    const parts: string[] = [`${this.texts.notice}\n\n`];
    if (passages.length === 0) parts.push(this.texts.noMatch);
    passages.forEach((p, i) => {
      const text = p.text.length > EXCERPT_CHARS ? `${p.text.slice(0, EXCERPT_CHARS)}…` : p.text;
      parts.push(`**[${i + 1}] ${p.title}**\n\n${text}\n\n`);
    });
    for (const part of parts) {
      // Paragraph by paragraph, so the client renders progressively like a model's answer.
      for (const piece of part.split(/(?<=\n\n)/)) {
        if (request.signal?.aborted) throw new ChatModelError('aborted', 'aborted by the caller');
        if (piece) yield { type: 'text', text: piece };
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    if (passages.length > 0) yield { type: 'sources', passages };
    yield { type: 'usage', promptTokens: 0, completionTokens: 0 };
  }
}
