import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ChatModelError, type ChatChunk, type ChatModelClient, type ChatRequest } from './chat-model.js';
import { httpFetch } from './http-fetch.js';

export interface OpenAiChannelConfig {
  baseUrl: string;
  /** null: the endpoint needs no key (Ollama, llama.cpp server, vLLM without auth). */
  apiKey: string | null;
  /** Time allowed until the first content arrives (a model that hangs before answering). */
  firstTokenTimeoutMs: number;
  /** Time allowed for the whole answer. */
  totalTimeoutMs: number;
}

type Why = 'first_token' | 'total' | null;

/**
 * Any OpenAI-compatible endpoint through the official `openai` package: the
 * SDK speaks the protocol (SSE framing, chunk JSON, error bodies); this class
 * only adds the two timeouts, caller aborts, and maps failures to
 * ChatModelError kinds the product can explain. No retries: a stream may
 * already have reached the user, and a fast honest error beats a slow retry.
 */
export class OpenAiChatClient implements ChatModelClient {
  private readonly client: OpenAI;

  constructor(private readonly config: OpenAiChannelConfig) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // The SDK insists on a key; keyless local servers ignore the header.
      apiKey: config.apiKey ?? 'no-key',
      maxRetries: 0,
      timeout: config.totalTimeoutMs,
      logLevel: 'off',
      fetch: httpFetch,
    });
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatChunk> {
    const controller = new AbortController();
    let why: Why = null;
    const onCallerAbort = () => controller.abort();
    if (request.signal?.aborted) throw new ChatModelError('aborted', 'aborted before the call');
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let firstTimer: NodeJS.Timeout | undefined = setTimeout(() => {
      why = 'first_token';
      controller.abort();
    }, this.config.firstTokenTimeoutMs);
    const totalTimer = setTimeout(() => {
      why = 'total';
      controller.abort();
    }, this.config.totalTimeoutMs);
    const fail = (error: unknown) => mapError(error, why, request.signal?.aborted === true);
    let completed = false;
    try {
      let stream;
      try {
        stream = await this.client.chat.completions.create(
          {
            model: request.model,
            messages: request.messages,
            stream: true,
            stream_options: { include_usage: true },
            ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          },
          { signal: controller.signal },
        );
      } catch (error) {
        throw fail(error);
      }
      try {
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta as Delta | undefined;
          const text = delta?.content;
          if (firstTimer && (text || delta?.reasoning_content)) {
            clearTimeout(firstTimer);
            firstTimer = undefined;
          }
          if (text) yield { type: 'text', text };
          if (chunk.usage) {
            yield { type: 'usage', promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
          } else if (!text && !delta?.reasoning_content && !carriesNothingElse(delta, chunk.choices.length > 0)) {
            yield { type: 'unknown', frame: chunk };
          }
        }
      } catch (error) {
        throw fail(error);
      }
      // The SDK ends the iteration quietly when its signal fires; say why.
      if (controller.signal.aborted) throw fail(new APIUserAbortError());
      completed = true;
    } finally {
      if (firstTimer) clearTimeout(firstTimer);
      clearTimeout(totalTimer);
      request.signal?.removeEventListener('abort', onCallerAbort);
      // A consumer that stopped early (or a failure) leaves the request open: cancel it. A finished
      // answer has nothing left to cancel (and an abort's DOMException costs a stack capture per answer).
      if (!completed && !controller.signal.aborted) controller.abort();
    }
  }
}

type Delta = { content?: string | null; reasoning_content?: string | null } & Record<string, unknown>;

/** Fields of a delta that are bookkeeping, not content: a frame with only these (or empty values) is an ordinary start or finish frame. */
const BOOKKEEPING = new Set(['role', 'content', 'reasoning_content']);

/**
 * Whether a frame without text, reasoning or usage is an ordinary one (the
 * role frame, the finish frame, empty values such as `refusal: null`) rather
 * than one carrying something this client does not relay (tool calls, a
 * refusal, no choice at all).
 */
function carriesNothingElse(delta: Delta | undefined, hasChoice: boolean): boolean {
  if (!hasChoice) return false;
  if (!delta) return true;
  for (const key in delta) {
    const value = delta[key];
    if (!BOOKKEEPING.has(key) && value !== null && value !== undefined && value !== '') return false;
  }
  return true;
}

function mapError(error: unknown, why: Why, callerAborted: boolean): ChatModelError {
  if (error instanceof ChatModelError) return error;
  if (why === 'first_token') return new ChatModelError('timeout', 'no first token in time');
  if (why === 'total') return new ChatModelError('timeout', 'the answer took too long');
  if (callerAborted) return new ChatModelError('aborted', 'aborted by the caller');
  if (error instanceof APIConnectionTimeoutError) return new ChatModelError('timeout', error.message);
  if (error instanceof APIUserAbortError) return new ChatModelError('aborted', error.message);
  if (error instanceof APIError) {
    const status = error.status;
    const message = error.message || 'upstream error';
    if (status === 401 || status === 403) return new ChatModelError('auth', message, status);
    if (status === 429) return new ChatModelError('rate_limited', message, status);
    return new ChatModelError('upstream', message, status);
  }
  if (error instanceof SyntaxError) return new ChatModelError('malformed', error.message);
  return new ChatModelError('upstream', error instanceof Error ? error.message : String(error));
}
