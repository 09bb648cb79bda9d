import { createHash } from 'node:crypto';
import {
  DOC_FILE_URL_TTL_SECONDS,
  DOC_MAX_WORDS,
  DOC_QUOTA_BYTES,
  DOC_UPLOAD_MAX_BYTES,
  formatMessage,
  type DocConversation,
  type DocDetail,
  type DocItem,
  type DocMembershipStatus,
  type DocMessage,
  type DocQuota,
  type DocType,
  type Locale,
  type MessageKey,
} from '@xueba/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { transaction } from '../../platform/db/transaction.js';
import { isMessageKey } from '@xueba/contract';
import type { Services } from '../../services.js';
import { countWords } from '../../providers/ai/tokens.js';
import { hasCjk } from '../../platform/search/tokenize.js';
import { translateChineseQuery } from '../../platform/search/zh-en.js';
import { DocRepository, type DocConversationRow, type DocMessageRow, type DocumentRow, type ListFilter } from './doc.repository.js';
import { buildPassages, fuseRankings, PassageCache, rankByVector, rankPassages, type ScoredChunk } from './doc-index.js';
import { DOC_JOB } from './doc-process.js';
import { sniffDocument } from './parse/sniff.js';
import type { ParsedFormat } from './parse/types.js';
import { RemoteFileError } from '../../providers/http/remote-file.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import type { FileStorage } from '../../providers/storage/storage.js';

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

export function mimeOf(format: string): string {
  return MIME[format] ?? 'application/octet-stream';
}

/** A file given whole (a fetched paper, the eval corpus). */
export interface IncomingFile {
  name: string;
  data: Buffer;
  /** The client sent more than the per-file limit (busboy stopped reading it). */
  truncated: boolean;
}

/** What a file came to: refused (with why), or accepted by its content and stored under `key`. */
export type DocCheck = { ok: true; format: ParsedFormat } | { ok: false; error: MessageKey; params: Record<string, string | number> };

/** A file already received: streamed to the store (key) while it was counted, hashed and checked (doc-upload.ts). */
export interface ReceivedDoc {
  name: string;
  /** Where its bytes are, or null when nothing was stored (refused before or while it streamed). */
  key: string | null;
  size: number;
  sha256: string;
  check: DocCheck;
}

export type UploadResult = { name: string; ok: true; doc: DocItem } | { name: string; ok: false; error: MessageKey; params: Record<string, string | number> };

export function presentDoc(row: DocumentRow, locale: Locale): DocItem {
  const reason = row.fail_reason;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    format: row.format,
    status: row.status,
    fail_reason: reason,
    fail_text: reason && isMessageKey(reason) ? formatMessage(reason, locale, { max: DOC_MAX_WORDS }) : null,
    pages: row.pages,
    words: row.words,
    progress: row.status === 'processing' && row.progress_page !== null && row.progress_pages !== null ? { page: row.progress_page, pages: row.progress_pages } : null,
    size: row.size,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentConversation(row: DocConversationRow): DocConversation {
  return { id: row.id, title: row.title, doc_ids: row.doc_ids, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export function presentMessage(row: DocMessageRow): DocMessage {
  return {
    id: Number(row.id),
    conversation_id: row.conversation_id,
    role: row.role,
    content: row.content,
    status: row.status,
    error: row.error,
    citations: row.citations ?? [],
    favorite_id: row.favorite_id,
    created_at: row.created_at.toISOString(),
  };
}

const MB = 1024 * 1024;
/** Passages taken from each ranking (keyword, vector) into the fusion. */
const HYBRID_DEPTH = 50;
/** Time the question's embedding may take before retrieval goes on with keywords only. */
const QUESTION_EMBED_TIMEOUT_MS = 5000;

type Logger = Pick<FastifyBaseLogger, 'warn'>;
/** How long a paper's PDF may take to download. */
const PAPER_FETCH_TIMEOUT_MS = 20_000;

/** Documents: upload, listing, reading, renaming, deleting, quota and membership, and passage retrieval. */
export class DocService {
  readonly repo = new DocRepository();
  private readonly passages = new PassageCache();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'papers' | 'userInfo' | 'jobs' | 'models'>,
  ) {}

  /**
   * "Read with Xueba": the paper's open PDF, fetched with a timeout and the
   * upload size limit, becomes a document like an uploaded one. Only a PDF is
   * accepted from the network (an error page or anything else is refused).
   * The link comes from paper metadata, so the fetch refuses private and
   * reserved addresses (decision 0013); a refusal is logged, since it means
   * a corpus or source record points somewhere it should not.
   */
  async fromPaper(userId: number, paperId: string, type: DocType, locale: Locale, log?: Logger): Promise<DocItem> {
    await this.requireMembership(userId, type);
    const paper = await this.deps.papers.paper(paperId);
    if (!paper.pdf_url) throw new AppError('doc_paper_no_pdf', 404);
    let data: Buffer;
    try {
      data = (await this.ctx.remoteFiles.fetch(paper.pdf_url, { maxBytes: DOC_UPLOAD_MAX_BYTES, timeoutMs: PAPER_FETCH_TIMEOUT_MS })).data;
    } catch (error) {
      if (error instanceof RemoteFileError && error.kind === 'too_large') throw new AppError('file_too_large', 413, { size: DOC_UPLOAD_MAX_BYTES / MB });
      if (error instanceof RemoteFileError && error.kind === 'refused') {
        log?.warn({ paper_id: paperId, url: paper.pdf_url, reason: error.message }, 'paper PDF link refused by the remote fetch guard');
        throw new AppError('doc_fetch_refused', 422);
      }
      throw new AppError('doc_fetch_failed', 502);
    }
    const sniffed = sniffDocument(data, 'paper.pdf');
    if (!sniffed.ok || sniffed.format !== 'pdf') throw new AppError('doc_fetch_failed', 502);
    // eslint-disable-next-line no-control-regex -- control characters and path separators never belong in a file name
    const title = [...paper.title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ').trim()].slice(0, 180).join('') || 'paper';
    const [result] = await this.upload(userId, type, [{ name: `${title}.pdf`, data, truncated: false }], locale);
    if (!result!.ok) throw new AppError(result!.error, 400, result!.params);
    return result!.doc;
  }

  /** Spec §6: research reports and literature each need their own active membership. */
  async membership(userId: number, type: DocType): Promise<DocMembershipStatus> {
    const info = await this.deps.userInfo.get(userId);
    const now = this.ctx.now().getTime();
    const found = (info?.memberships ?? []).filter((m) => m.kind === type);
    const expiry = (m: { expires_at: string | null }) => (m.expires_at === null ? Infinity : Date.parse(m.expires_at));
    const active = found.find((m) => expiry(m) > now);
    const shown = active ?? [...found].sort((a, b) => expiry(b) - expiry(a))[0];
    return { active: Boolean(active), level: shown?.level ?? null, expires_at: shown?.expires_at ?? null };
  }

  async requireMembership(userId: number, type: DocType): Promise<void> {
    if (!(await this.membership(userId, type)).active) throw new AppError('not_member', 403);
  }

  async quota(userId: number): Promise<DocQuota> {
    const [used, research_report, literature] = await Promise.all([this.repo.usedBytes(this.ctx.db, userId), this.membership(userId, 'research_report'), this.membership(userId, 'literature')]);
    return { used_bytes: used, quota_bytes: DOC_QUOTA_BYTES, memberships: { research_report, literature } };
  }

  /**
   * Files given whole: each is checked by its content as an upload is, stored,
   * then accepted or refused on its own (uploadReceived).
   */
  async upload(userId: number, type: DocType, files: IncomingFile[], locale: Locale): Promise<UploadResult[]> {
    const received: ReceivedDoc[] = [];
    for (const file of files) received.push(await this.store(userId, file));
    return this.uploadReceived(userId, type, received, locale);
  }

  private async store(userId: number, file: IncomingFile): Promise<ReceivedDoc> {
    const base = { name: file.name, key: null, size: file.data.length, sha256: createHash('sha256').update(file.data).digest('hex') };
    const refuse = (error: MessageKey, params: Record<string, string | number> = {}): ReceivedDoc => ({ ...base, check: { ok: false, error, params } });
    if (file.truncated || file.data.length > DOC_UPLOAD_MAX_BYTES) return refuse('file_too_large', { size: DOC_UPLOAD_MAX_BYTES / MB });
    const sniffed = sniffDocument(file.data, file.name);
    if (!sniffed.ok) return refuse(sniffed.reason);
    if (sniffed.text !== undefined && countWords(sniffed.text) > DOC_MAX_WORDS) return refuse('doc_too_many_words', { max: DOC_MAX_WORDS });
    const key = newFileKey(this.ctx.now(), { visibility: 'private', userId, kind: 'documents', ext: sniffed.format });
    await this.ctx.storage.put(key, file.data, mimeOf(sniffed.format));
    return { ...base, key, check: { ok: true, format: sniffed.format } };
  }

  /**
   * Accepts each stored, acceptable file and queues its processing; each file
   * succeeds or fails on its own, and a refused one's stored bytes are removed.
   * The quota check and the insert run under the user's lock so two uploads
   * cannot both pass the last bytes.
   */
  async uploadReceived(userId: number, type: DocType, files: ReceivedDoc[], locale: Locale): Promise<UploadResult[]> {
    const results: UploadResult[] = [];
    try {
      for (const file of files) results.push(await this.accept(userId, type, file, locale));
    } catch (error) {
      // A fault mid-way: the files not reached yet have no row, so their bytes go.
      await this.discard(files.slice(results.length + 1));
      throw error;
    }
    if (results.some((r) => r.ok)) this.deps.jobs.wake();
    return results;
  }

  /** Where an upload's files stream to (readUpload): this store, keys of the user, dated now. */
  uploadTarget(userId: number): { storage: FileStorage; userId: number; now: Date } {
    return { storage: this.ctx.storage, userId, now: this.ctx.now() };
  }

  /** Removes the stored bytes of files that will have no row (a refused request). */
  async discard(files: ReceivedDoc[]): Promise<void> {
    await Promise.all(files.map((f) => (f.key ? this.ctx.storage.remove(f.key).catch(() => undefined) : undefined)));
  }

  private async accept(userId: number, type: DocType, file: ReceivedDoc, locale: Locale): Promise<UploadResult> {
    const { name, key, check } = file;
    const fail = (error: MessageKey, params: Record<string, string | number> = {}): UploadResult => ({ name, ok: false, error, params });
    if (!check.ok || !key) {
      await this.discard([file]);
      return check.ok ? fail('doc_unsupported_type') : fail(check.error, check.params);
    }
    const now = this.ctx.now();
    try {
      const row = await transaction(this.ctx.db, async (tx) => {
        await this.repo.lockUser(tx, userId);
        const used = await this.repo.usedBytes(tx, userId);
        if (used + file.size > DOC_QUOTA_BYTES) throw new AppError('doc_quota_exceeded', 413, { used: Math.ceil(used / MB), quota: DOC_QUOTA_BYTES / MB });
        const doc = await this.repo.insert(tx, {
          user_id: userId,
          type,
          name,
          format: check.format,
          status: 'processing',
          size: file.size,
          storage_key: key,
          sha256: file.sha256,
          created_at: now,
          updated_at: now,
        });
        await this.deps.jobs.enqueue(tx, DOC_JOB, { doc_id: doc.id }, { ref: `document:${doc.id}`, maxAttempts: 2 });
        return doc;
      });
      return { name, ok: true, doc: presentDoc(row, locale) };
    } catch (error) {
      // A refused or failed insert removes the stored file again, so no file is left without its row.
      await this.ctx.storage.remove(key).catch(() => undefined);
      if (error instanceof AppError) return fail(error.key, error.params);
      throw error;
    }
  }

  async list(userId: number, filter: ListFilter, locale: Locale): Promise<{ lists: DocItem[]; count: number }> {
    const { rows, count } = await this.repo.list(this.ctx.db, userId, filter);
    return { lists: rows.map((r) => presentDoc(r, locale)), count };
  }

  async get(userId: number, id: number): Promise<DocumentRow> {
    const row = await this.repo.byId(this.ctx.db, userId, id);
    if (!row) throw notFound('doc_not_found');
    return row;
  }

  async detail(userId: number, id: number, locale: Locale): Promise<DocDetail> {
    const row = await this.get(userId, id);
    const cached = row.status === 'complete' ? await this.repo.interpretation(this.ctx.db, id, locale) : null;
    return { ...presentDoc(row, locale), interpretation: cached as DocDetail['interpretation'] };
  }

  async rename(userId: number, id: number, name: string, locale: Locale): Promise<DocItem> {
    const row = await this.repo.rename(this.ctx.db, userId, id, name, this.ctx.now());
    if (!row) throw notFound('doc_not_found');
    return presentDoc(row, locale);
  }

  /** Everything of the document goes in one transaction; the file after commit (a failed removal leaves only an unreachable file). */
  async delete(userId: number, id: number): Promise<void> {
    const key = await transaction(this.ctx.db, async (tx, afterCommit) => {
      const found = await this.repo.delete(tx, userId, id);
      if (found) afterCommit(() => this.ctx.storage.remove(found));
      return found;
    });
    if (key === null) throw notFound('doc_not_found');
    this.passages.delete(id);
  }

  async retry(userId: number, id: number, locale: Locale): Promise<DocItem> {
    const row = await this.get(userId, id);
    if (row.status !== 'parse_failed' && row.status !== 'process_failed') return presentDoc(row, locale);
    await transaction(this.ctx.db, async (tx) => {
      await this.repo.setStatus(tx, id, 'processing', this.ctx.now());
      await this.deps.jobs.enqueue(tx, DOC_JOB, { doc_id: id }, { ref: `document:${id}`, maxAttempts: 2 });
    });
    this.deps.jobs.wake();
    return presentDoc(await this.get(userId, id), locale);
  }

  async page(userId: number, id: number, page: number): Promise<{ id: number; page: number; pages: number; format: DocumentRow['format']; text: string }> {
    const row = await this.get(userId, id);
    if (row.status !== 'complete') throw new AppError('doc_not_ready', 409);
    const found = await this.repo.page(this.ctx.db, id, page);
    if (!found) throw notFound('not_found');
    return { id, page, pages: row.pages, format: row.format, text: found.text };
  }

  async file(userId: number, id: number): Promise<{ row: DocumentRow; stream: NodeJS.ReadableStream; size: number }> {
    const row = await this.get(userId, id);
    const file = await this.ctx.storage.open(row.storage_key);
    if (!file) throw notFound('doc_not_found');
    return { row, stream: file.stream, size: file.size };
  }

  /** A short-lived URL of the original file for its owner (documents are private files, decision 0017). */
  async fileUrl(userId: number, id: number): Promise<{ url: string; expires_at: string }> {
    const row = await this.get(userId, id);
    const signed = await this.ctx.storage.privateUrl(row.storage_key, { userId, ttlSeconds: DOC_FILE_URL_TTL_SECONDS });
    return { url: signed.url, expires_at: signed.expiresAt.toISOString() };
  }

  /** Called when a document finished processing (its passages may be cached from an earlier attempt). */
  forget(id: number): void {
    this.passages.delete(id);
  }

  /**
   * The best passages for a question over the given complete documents (the
   * one path used by /doc/chat, the eval and the bench). Keyword (BM25) only,
   * unless an embedding model is configured and the documents have vectors
   * by that model: then the question is embedded and the BM25 and cosine
   * rankings (top HYBRID_DEPTH each) are fused by reciprocal rank fusion. A
   * failing embedding call falls back to keyword ranking.
   */
  async search(docIds: number[], query: string, limit: number, log?: Logger): Promise<ScoredChunk[]> {
    const embedding = await this.deps.models.embedding();
    const model = embedding?.model ?? null;
    const sets = await Promise.all(
      docIds.map(async (id) => {
        const hit = this.passages.get(id);
        if (hit && hit.vectorModel === model) return hit;
        const [rows, vectors] = await Promise.all([this.repo.chunks(this.ctx.db, id), model ? this.repo.vectors(this.ctx.db, id, model) : null]);
        const built = buildPassages(id, rows, model && vectors ? { model, byChunk: vectors } : null);
        this.passages.set(built);
        return built;
      }),
    );
    // A Chinese question on English passages: the dictionary's English is searched alongside it (decision 0022).
    const english = hasCjk(query) ? await translateChineseQuery(query) : null;
    const keyword = rankPassages(english ? `${query} ${english}` : query, sets, embedding ? Math.max(limit, HYBRID_DEPTH) : limit);
    if (!embedding || !sets.some((set) => set.chunks.some((c) => c.vector))) return keyword.slice(0, limit);
    let question: Float32Array | undefined;
    try {
      // A short limit of its own: a slow embedding endpoint must not hold up every answer.
      [question] = await embedding.client.embed(embedding.model, [query], AbortSignal.timeout(QUESTION_EMBED_TIMEOUT_MS));
    } catch (error) {
      log?.warn({ err: error, model: embedding.model }, 'question embedding failed; keyword retrieval only');
    }
    if (!question) return keyword.slice(0, limit);
    return fuseRankings([keyword, rankByVector(question, sets, HYBRID_DEPTH)], limit);
  }

  /**
   * After processing: embeds every passage with the configured model and
   * stores the vectors. Never fails the document: on any error it stays
   * complete and keyword-only, with a log line. Vectors of another model are
   * replaced here and ignored by retrieval until then.
   */
  async embedPassages(id: number, log: Logger): Promise<void> {
    const embedding = await this.deps.models.embedding();
    if (!embedding) return;
    try {
      const rows = await this.repo.chunks(this.ctx.db, id);
      if (rows.length === 0) return;
      const vectors = await embedding.client.embed(embedding.model, rows.map((r) => r.text));
      await this.repo.saveVectors(this.ctx.db, id, embedding.model, rows.map((r, i) => ({ chunkId: String(r.id), vector: vectors[i]! })));
      this.passages.delete(id);
    } catch (error) {
      log.warn({ err: error, doc_id: id, model: embedding.model }, 'document passages not embedded; keyword retrieval only');
    }
  }

  async conversations(userId: number, docId: number): Promise<DocConversation[]> {
    await this.get(userId, docId);
    return (await this.repo.conversationsOf(this.ctx.db, userId, docId)).map(presentConversation);
  }

  async messages(userId: number, query: { doc_id?: number; conversation_id?: number }): Promise<{ conversation: DocConversation | null; lists: DocMessage[] }> {
    let conversation: DocConversationRow | undefined;
    if (query.conversation_id !== undefined) {
      conversation = await this.repo.conversation(this.ctx.db, userId, query.conversation_id);
      if (!conversation) throw notFound();
    } else if (query.doc_id !== undefined) {
      await this.get(userId, query.doc_id);
      conversation = (await this.repo.conversationsOf(this.ctx.db, userId, query.doc_id))[0];
    }
    if (!conversation) return { conversation: null, lists: [] };
    return { conversation: presentConversation(conversation), lists: (await this.repo.messages(this.ctx.db, conversation.id)).map(presentMessage) };
  }

  async favorite(userId: number, messageId: number, favorite: boolean): Promise<{ favorite_id: number | null }> {
    return transaction(this.ctx.db, async (tx) => {
      const message = await this.repo.message(tx, userId, messageId);
      if (!message) throw notFound();
      if (message.role !== 'assistant' || message.status === 'generating' || message.status === 'failed') throw new AppError('chat_not_an_answer', 409);
      if (!favorite) {
        if (message.favorite_id !== null) await this.repo.removeFavorite(tx, userId, message.favorite_id, messageId);
        return { favorite_id: null };
      }
      if (message.favorite_id !== null) return { favorite_id: message.favorite_id };
      const question = await this.repo.questionBefore(tx, message.conversation_id, messageId);
      return { favorite_id: await this.repo.addFavorite(tx, userId, question?.content ?? '', message.content, messageId, this.ctx.now()) };
    });
  }
}
