import { formatMessage, type DocChatEvent, type DocCitation, type Locale } from '@xueba/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { transaction } from '../../platform/db/transaction.js';
import type { Settlement } from '../../platform/stream/answers.repository.js';
import { streamUnmetered, type FrameSink } from '../../platform/stream/pipeline.js';
import { ChatModelError, type ChatChunk, type ChatTurn } from '../../providers/ai/chat-model.js';
import type { ModelsService, ResolvedModel } from '../models/models.service.js';
import type { DocService } from './doc.service.js';
import type { ScoredChunk } from './doc-index.js';

/** Passages given to the model; the offline answer quotes the best few of them. */
const PASSAGES = 6;
const OFFLINE_PASSAGES = 3;
const EXCERPT_CHARS = 600;
const HISTORY_MESSAGES = 6;
const TITLE_CHARS = 30;


/**
 * A passage as literal text inside a Markdown quote: one line, with the
 * characters Markdown would read as headings, lists, emphasis, links, HTML or
 * citation marks escaped (a Markdown file's `# Title` must not become a heading).
 */
export function quotable(text: string): string {
  return text
    .replace(/\s*\n+\s*/g, ' ')
    .replace(/[\\`*_[\]#<>|~]/g, (c) => `\\${c}`)
    .replace(/^([+-]|\d+\.)(?=\s)/, (m) => m.replace(/[+\-.]/, (c) => `\\${c}`));
}

export interface DocChatPlan {
  userId: number;
  locale: Locale;
  question: string;
  conversationId: number;
  questionId: number;
  answerId: number;
  model: ResolvedModel;
  passages: DocCitation[];
  history: ChatTurn[];
}

function titleOf(question: string): string {
  const chars = [...question.replace(/\s+/g, ' ').trim()];
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS).join('')}…` : chars.join('');
}

/** The instruction that makes a model answer from the passages only and cite them as [n]. */
export function groundedPrompt(passages: DocCitation[]): string {
  const block = passages.map((p) => `[${p.n}] (${p.doc_name}, p. ${p.page})\n${p.text}`).join('\n\n');
  return [
    'You are Xueba (学霸), reading documents with a researcher. Answer the question using ONLY the numbered passages below.',
    'After every sentence that states something from a passage, cite it as [n] (several as [1][3]). Do not invent citations.',
    'If the passages do not answer the question, say so. Answer in the language of the question; use Markdown.',
    '',
    'Passages:',
    block,
  ].join('\n');
}

/** Citations an answer actually uses, in order of their numbers. */
export function usedCitations(content: string, passages: DocCitation[]): DocCitation[] {
  const used = new Set<number>();
  for (const match of content.matchAll(/\[(\d{1,2})\]/g)) used.add(Number(match[1]));
  return passages.filter((p) => used.has(p.n));
}

export function toCitations(hits: ScoredChunk[], names: Map<number, string>): DocCitation[] {
  return hits.map((h, i) => ({ n: i + 1, doc_id: h.chunk.docId, doc_name: names.get(h.chunk.docId) ?? '', page: h.chunk.page, text: h.chunk.text, start: h.chunk.start, end: h.chunk.end, ...(h.chunk.bbox ? { bbox: h.chunk.bbox } : {}) }));
}

/**
 * Q&A over one or several documents. `prepare` refuses before the stream
 * (JSON envelopes): unknown or unfinished documents, mixed types, missing
 * membership; it retrieves the passages and writes the question and an empty
 * answer. `run` streams the model's answer (or, on the offline channel, the
 * best passages with the notice) through the stream pipeline, then stores it
 * with the citations used.
 * Access needs the matching membership, and members' conversations consume
 * no counts (spec §6), so nothing is metered here.
 */
export class DocChat {
  constructor(
    private readonly ctx: AppContext,
    private readonly docs: DocService,
    private readonly models: ModelsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async prepare(userId: number, body: { doc_ids: number[]; question: string; conversation_id?: number | null }, locale: Locale): Promise<DocChatPlan> {
    const ids = [...new Set(body.doc_ids)];
    const rows = await this.docs.repo.byIds(this.ctx.db, userId, ids);
    if (rows.length !== ids.length) throw notFound('doc_not_found');
    if (rows.some((r) => r.status !== 'complete')) throw new AppError('doc_not_ready', 409);
    const types = new Set(rows.map((r) => r.type));
    if (types.size > 1) throw badRequest('doc_mixed_types');
    await this.docs.requireMembership(userId, rows[0]!.type);
    let history: ChatTurn[] = [];
    if (body.conversation_id) {
      const existing = await this.docs.repo.conversation(this.ctx.db, userId, body.conversation_id);
      if (!existing) throw notFound();
      history = (await this.docs.repo.messages(this.ctx.db, existing.id))
        .filter((m) => m.status === 'done' && m.content)
        .slice(-HISTORY_MESSAGES)
        .map((m) => ({ role: m.role, content: m.content }));
    }
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const passages = toCitations(await this.docs.search(ids, body.question, PASSAGES, this.log), names);
    const model = await this.models.resolve(undefined, locale);
    const now = this.ctx.now();
    const written = await transaction(this.ctx.db, async (tx) => {
      const conversation = body.conversation_id
        ? { id: body.conversation_id }
        : await this.docs.repo.insertConversation(tx, userId, titleOf(body.question), ids, now);
      if (body.conversation_id) await this.docs.repo.touchConversation(tx, conversation.id, now);
      const question = await this.docs.repo.insertMessage(tx, { conversationId: conversation.id, userId, role: 'user', content: body.question, status: 'done', now });
      const answer = await this.docs.repo.insertMessage(tx, { conversationId: conversation.id, userId, role: 'assistant', content: '', status: 'generating', now });
      return { conversationId: conversation.id, questionId: Number(question.id), answerId: Number(answer.id) };
    });
    return { userId, locale, question: body.question, ...written, model, passages, history };
  }

  /** Streams the answer through the stream pipeline (unmetered: members pay nothing here); the result writer stores it with its citations. */
  async run(sink: FrameSink, plan: DocChatPlan): Promise<void> {
    const offline = plan.model.client === null;
    const messages: ChatTurn[] = [{ role: 'system', content: groundedPrompt(plan.passages) }, ...plan.history, { role: 'user', content: plan.question }];
    // Offline, every passage shown is cited; a model's answer (and anything cut short) cites the [n] it used.
    const citationsOf = (s: Settlement) => (offline && s.status === 'done' ? plan.passages.slice(0, OFFLINE_PASSAGES) : usedCitations(s.content, plan.passages));
    await streamUnmetered(
      sink,
      {
        client: plan.model.client ?? { stream: (request) => this.offline(plan, request.signal) },
        model: plan.model.upstreamModel,
        messages,
        maxTokens: plan.model.maxOutputTokens || undefined,
        locale: plan.locale,
        messageId: plan.answerId,
        start: {
          type: 'start',
          conversation_id: plan.conversationId,
          user_message_id: plan.questionId,
          assistant_message_id: plan.answerId,
          model: plan.model.key,
          model_name: plan.model.name,
          offline,
        },
        persist: (db, s) =>
          this.docs.repo
            .settleMessage(db, plan.answerId, { content: s.content, status: s.status, error: s.error, citations: citationsOf(s), now: s.now })
            .catch((error: unknown) => this.log.error({ err: error }, 'document answer not stored')),
        finish: ({ frame, settlement }) => sink.send<DocChatEvent>(frame.type === 'end' ? { ...frame, citations: citationsOf(settlement) } : frame),
      },
      { log: this.log, now: () => this.ctx.now(), db: this.ctx.db },
    );
  }

  /** No model: the notice, then the best passages quoted and cited [n] with their page, streamed paragraph by paragraph like a model's chunks. */
  private async *offline(plan: DocChatPlan, signal: AbortSignal | undefined): AsyncIterable<ChatChunk> {
    const shown = plan.passages.slice(0, OFFLINE_PASSAGES);
    const parts = [`${formatMessage('doc_offline_notice', plan.locale)}\n\n`];
    if (shown.length === 0) parts.push(formatMessage('doc_offline_no_match', plan.locale));
    for (const p of shown) {
      const text = p.text.length > EXCERPT_CHARS ? `${p.text.slice(0, EXCERPT_CHARS)}…` : p.text;
      parts.push(`> ${quotable(text)} [${p.n}]\n\n— ${p.doc_name}, p. ${p.page}\n\n`);
    }
    for (const part of parts) {
      if (signal?.aborted) throw new ChatModelError('aborted', 'client closed');
      yield { type: 'text', text: part };
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    yield { type: 'usage', promptTokens: 0, completionTokens: 0 };
  }
}
