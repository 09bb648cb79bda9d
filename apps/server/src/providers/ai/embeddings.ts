import OpenAI from 'openai';
import { httpFetch } from './http-fetch.js';

/**
 * The text-embedding boundary (hybrid document retrieval). One
 * implementation: any OpenAI-compatible `/embeddings` endpoint through the
 * official `openai` package, batched, with a timeout and no retries (the
 * caller falls back to keyword retrieval, which is always there).
 */
export interface EmbeddingClient {
  /** One vector per input, in input order; throws EmbeddingError on any failure. */
  embed(model: string, inputs: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export class EmbeddingError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

export interface OpenAiEmbeddingConfig {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  /** Inputs per request (providers cap it; 64 is safe for OpenAI, Ollama and vLLM). */
  batchSize?: number;
}

/** Characters kept of each input: passages are ~1 page at most, and every common embedding model takes 512+ tokens. */
export const EMBED_MAX_CHARS = 2000;

export class OpenAiEmbeddingClient implements EmbeddingClient {
  private readonly client: OpenAI;
  private readonly batchSize: number;

  constructor(config: OpenAiEmbeddingConfig) {
    this.client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey ?? 'no-key', maxRetries: 0, timeout: config.timeoutMs, logLevel: 'off', fetch: httpFetch });
    this.batchSize = config.batchSize ?? 64;
  }

  async embed(model: string, inputs: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < inputs.length; i += this.batchSize) {
      const batch = inputs.slice(i, i + this.batchSize).map((text) => [...text].slice(0, EMBED_MAX_CHARS).join('') || ' ');
      let response;
      try {
        // float, not the SDK's default base64: some compatible servers do not implement base64.
        response = await this.client.embeddings.create({ model, input: batch, encoding_format: 'float' }, { signal });
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        throw new EmbeddingError(error instanceof Error ? error.message : String(error), typeof status === 'number' ? status : undefined);
      }
      const data = [...response.data].sort((a, b) => a.index - b.index);
      if (data.length !== batch.length) throw new EmbeddingError(`expected ${batch.length} vectors, got ${data.length}`);
      for (const item of data) {
        if (!Array.isArray(item.embedding) || item.embedding.length === 0) throw new EmbeddingError('malformed embedding');
        out.push(Float32Array.from(item.embedding));
      }
    }
    return out;
  }
}

/** Cosine similarity; 0 when either vector is zero or the dimensions differ. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
