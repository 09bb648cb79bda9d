import type { MessageKey } from '@xueba/contract';

/**
 * The AI chat boundary. Every feature that needs a model (chat, writing
 * templates, document Q&A, paper interpretation) talks to this interface;
 * implementations: an OpenAI-compatible endpoint (the `openai` package) and the
 * built-in offline channel that answers from retrieval without pretending to be
 * a model.
 */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type ChatChunk =
  | { type: 'text'; text: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** Sources the answer relies on (the offline channel and retrieval-augmented answers). */
  | { type: 'sources'; passages: Passage[] }
  /** A frame of the upstream stream that carries nothing this client relays (tool calls, refusals, unknown shapes): the consumer logs it. */
  | { type: 'unknown'; frame: unknown };

export interface ChatRequest {
  model: string;
  messages: ChatTurn[];
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
}

export interface ChatModelClient {
  /** Yields chunks as the upstream produces them; throws ChatModelError on failure. */
  stream(request: ChatRequest): AsyncIterable<ChatChunk>;
}

export type ChatModelErrorKind = 'auth' | 'rate_limited' | 'upstream' | 'timeout' | 'aborted' | 'malformed';

/** What the user is told for each kind of model failure (message keys of the contract). */
export const MODEL_ERROR_MESSAGE: Record<ChatModelErrorKind, MessageKey> = {
  auth: 'model_auth_failed',
  rate_limited: 'model_rate_limited',
  upstream: 'model_upstream_error',
  timeout: 'model_timeout',
  aborted: 'model_upstream_error',
  malformed: 'model_malformed',
};

export class ChatModelError extends Error {
  constructor(
    readonly kind: ChatModelErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ChatModelError';
  }
}

/** A retrieved passage with where it came from, so answers can cite it. */
export interface Passage {
  /** Kind of source: help, example, paper, document. */
  source: string;
  /** Id within the source (paper id, document id, help key). */
  id: string;
  title: string;
  text: string;
  /** 1-based page for documents. */
  page?: number;
  url?: string;
  score: number;
}
