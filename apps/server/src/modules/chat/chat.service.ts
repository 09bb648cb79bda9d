import { charCount, type AiSettings, type ChatMessage, type Conversation, type Locale } from '@xueba/contract';
import { pageOffset } from '../../platform/http/paging.js';
import type { AppContext } from '../../platform/context.js';
import { IdBlocks } from '../../platform/db/id-blocks.js';
import { transaction, type Tx } from '../../platform/db/transaction.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { ChatTurn } from '../../providers/ai/chat-model.js';
import { fitContext } from '../../providers/ai/tokens.js';
import type { ModelsService, ResolvedModel } from '../models/models.service.js';
import type { AnswerGate } from '../../platform/stream/answer-gate.js';
import type { AnswerJob, AnswerRunner, BillingPlan } from '../../platform/stream/answer-runner.js';
import { AnswersRepository } from '../../platform/stream/answers.repository.js';
import { overlapping, startUpstream, turnWriteSignal } from '../../platform/stream/model-call.js';
import { ChatRepository, type ConversationRow, type MessageRow, type MessageWithFavorite } from './chat.repository.js';
import { systemPrompt } from './system-prompt.js';
import type { SkillForChat, SkillService } from '../skill/skill.service.js';
import { exportMarkdown } from './export.js';

const HISTORY_LIMIT = 200;
const TITLE_CHARS = 30;
/** How long (×50 ms) /chat/stop waits for an answer row that may still be committing. */
const STOP_WAIT_ATTEMPTS = 20;

export function presentConversation(c: ConversationRow): Conversation {
  return { id: c.id, title: c.title, model: c.model, skill_id: c.skill_id, created_at: c.created_at.toISOString(), updated_at: c.updated_at.toISOString() };
}

function presentMessage(m: MessageWithFavorite): ChatMessage {
  return {
    id: Number(m.id),
    role: m.role,
    kind: m.kind,
    content: m.content,
    status: m.status,
    error: m.error,
    model: m.model,
    sources: m.sources ?? [],
    favorite_id: m.favorite_id,
    created_at: m.created_at.toISOString(),
  };
}

function titleOf(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS).join('')}…` : flat;
}

interface Begun {
  conversation: ConversationRow;
  question: MessageRow;
  answer: MessageRow;
  history: ChatTurn[];
  isNew: boolean;
}

/** Conversations and messages: asking, answering again, editing, stopping, listing, exporting. */
export class ChatService {
  private readonly repo = new ChatRepository();
  private readonly answers = new AnswersRepository();

  private readonly ids: IdBlocks;

  constructor(
    private readonly ctx: AppContext,
    private readonly models: ModelsService,
    private readonly gate: AnswerGate,
    private readonly runner: AnswerRunner,
    private readonly skills: Pick<SkillService, 'forChat' | 'chatSkill'>,
  ) {
    this.ids = new IdBlocks(ctx.db);
  }

  private async checkQuestion(content: string): Promise<void> {
    const settings = await this.models.aiSettings();
    if (charCount(content) > settings.max_question_chars) throw badRequest('chat_content_too_long', { max: settings.max_question_chars });
  }

  /**
   * `/chat/send`: visitors get an unsaved single-turn answer; users a stored
   * conversation with context. The upstream call starts as soon as the
   * context is known and the cached checks pass, overlapping the transaction
   * that re-checks limits and balance and writes the turn; a refusal there
   * aborts the call and answers the JSON error as usual.
   */
  async prepareSend(userId: number | null, body: { conversation_id?: number | null; content: string; model?: string; skill_id?: number | null }, locale: Locale, ip: string): Promise<AnswerJob> {
    await this.checkQuestion(body.content);
    const settings = await this.models.aiSettings();
    if (userId === null) {
      const skill = body.skill_id ? await this.skills.forChat(body.skill_id, locale, false) : null;
      const model = await this.modelFor(body.model, skill?.model ?? null, locale);
      const { messages } = fitContext(systemPrompt(settings, skill?.prompt), [], { role: 'user', content: body.content }, budget(model));
      const call = { client: this.gate.clientFor(model, locale, null), model: model.upstreamModel, messages, maxTokens: model.maxOutputTokens || undefined };
      const upstream = startUpstream(call);
      await overlapping(upstream, () => this.gate.countVisitor(ip));
      return { ...call, target: null, upstream, billing: null, locale, start: startEvent(null, model), ledger: { reason: 'chat_answer', refType: 'chat_message' } };
    }
    let existing: ConversationRow | undefined;
    let history: Pick<MessageRow, 'id' | 'role' | 'content' | 'status'>[] = [];
    let skill: SkillForChat | null;
    if (body.conversation_id) {
      existing = await this.repo.conversation(this.ctx.db, userId, body.conversation_id);
      if (!existing) throw notFound();
      if (this.runner.answering(existing.id)) throw conflict('chat_busy');
      // A conversation keeps the skill it was started with; a skill_id sent with it changes nothing.
      skill = await this.skillOf(existing, locale);
      history = await this.repo.history(this.ctx.db, existing.id, null, HISTORY_LIMIT);
      // Another tab is answering here: refuse now; `begin` re-checks under the lock.
      if (history.some((m) => m.status === 'generating')) throw conflict('chat_busy');
    } else {
      skill = body.skill_id ? await this.skills.forChat(body.skill_id, locale, false) : null;
    }
    // A new conversation with a skill prefers the skill's model when none is picked.
    const model = existing ? await this.models.resolve(body.model, locale) : await this.modelFor(body.model, skill?.model ?? null, locale);
    const plan = await this.gate.billingFor(userId, model);
    await this.gate.quickCheck(userId, plan, settings, this.runner.openFor(userId));
    const { messages } = fitContext(systemPrompt(settings, skill?.prompt), contextTurns(history), { role: 'user', content: body.content }, budget(model));
    const call = { client: this.gate.clientFor(model, locale, userId), model: model.upstreamModel, messages, maxTokens: model.maxOutputTokens || undefined };
    // The model's request leaves first: everything below only prepares what the stream and the turn write need.
    const upstream = startUpstream(call);
    const ids = await overlapping(upstream, () => this.reserveIds(existing === undefined, history));
    const conversationId = existing?.id ?? ids.conversation;
    const title = existing?.title ?? titleOf(body.content);
    // The stream starts now, with the reserved ids; the turn is written alongside, once the first chunk is out,
    // in one statement (decisions 0008, 0011, 0012).
    const turn = { conversationId, isNew: existing === undefined, title, model: model.key, questionId: ids.question, answerId: ids.answer, content: body.content, skillId: existing ? null : (skill?.id ?? null) };
    const ready = turnWriteSignal(upstream).then(() =>
      this.gate.exclusive(userId, () =>
        this.repo.sendTurn(this.ctx.db, this.gate.gateArgs(userId, plan, settings), { ...turn, now: this.ctx.now() }).catch((error: unknown) => {
          throw this.gate.refusal(error, settings);
        }),
      ),
    );
    return {
      target: { table: 'chat_messages', id: ids.answer, userId, conversationId },
      ...call,
      upstream,
      ready,
      billing: plan,
      locale,
      start: { ...startEvent({ id: conversationId, title }, model), user_message_id: ids.question, assistant_message_id: ids.answer },
      persist: (tx, s) => this.repo.settleMessage(tx, ids.answer, s),
      ledger: { reason: 'chat_answer', refType: 'chat_message' },
    };
  }

  /**
   * Ids for the turn before it is written. A block reserved earlier (or by
   * another process) may hold ids below the conversation's latest message;
   * messages are ordered by id, so then the turn takes fresh ones.
   */
  private async reserveIds(newConversation: boolean, history: Pick<MessageRow, 'id'>[]): Promise<{ conversation: number; question: number; answer: number }> {
    const conversation = newConversation ? (await this.ids.take('chat_conversations_id_seq', 1))[0]! : 0;
    let [question, answer] = await this.ids.take('chat_messages_id_seq', 2);
    const latest = history.length > 0 ? Number(history[history.length - 1]!.id) : 0;
    if (question! <= latest) [question, answer] = await this.ids.fresh('chat_messages_id_seq', 2);
    return { conversation, question: question!, answer: answer! };
  }

  /** `/chat/regenerate`: the last question again; its old answer is replaced. */
  async prepareRegenerate(userId: number, body: { conversation_id: number; model?: string }, locale: Locale): Promise<AnswerJob> {
    const settings = await this.models.aiSettings();
    const conversation = await this.repo.conversation(this.ctx.db, userId, body.conversation_id);
    if (!conversation) throw notFound();
    const skill = await this.skillOf(conversation, locale);
    const model = await this.modelFor(body.model, conversation.model, locale);
    const plan = await this.gate.billingFor(userId, model);
    const begun = await this.begin(userId, plan, model, async (tx) => {
      if (await this.repo.hasGenerating(tx, conversation.id)) throw conflict('chat_busy');
      const question = await this.repo.lastQuestion(tx, conversation.id);
      if (!question) throw badRequest('chat_nothing_to_regenerate');
      await this.repo.deleteAfter(tx, conversation.id, Number(question.id));
      const history = await this.repo.history(tx, conversation.id, Number(question.id), HISTORY_LIMIT);
      return { conversation, question, history, isNew: false };
    });
    return this.job(userId, begun, model, plan, locale, settings, skill);
  }

  /** `/chat/edit`: replaces a question, drops every later turn, answers it. */
  async prepareEdit(userId: number, body: { message_id: number; content: string; model?: string }, locale: Locale): Promise<AnswerJob> {
    await this.checkQuestion(body.content);
    const settings = await this.models.aiSettings();
    const target = await this.repo.message(this.ctx.db, userId, body.message_id);
    if (!target) throw notFound();
    if (target.role !== 'user') throw badRequest('chat_not_a_question');
    const conversation = await this.repo.conversation(this.ctx.db, userId, target.conversation_id);
    if (!conversation) throw notFound();
    const skill = await this.skillOf(conversation, locale);
    const model = await this.modelFor(body.model, conversation.model, locale);
    const plan = await this.gate.billingFor(userId, model);
    const begun = await this.begin(userId, plan, model, async (tx, now) => {
      if (await this.repo.hasGenerating(tx, conversation.id)) throw conflict('chat_busy');
      await this.repo.deleteAfter(tx, conversation.id, Number(target.id));
      await this.repo.updateQuestion(tx, Number(target.id), body.content, now);
      const history = await this.repo.history(tx, conversation.id, Number(target.id), HISTORY_LIMIT);
      return { conversation, question: { ...target, content: body.content }, history, isNew: false };
    });
    return this.job(userId, begun, model, plan, locale, settings, skill);
  }

  /**
   * The picked model, else the conversation's model (or a new conversation's
   * skill's preferred model) if still offered, else the default.
   */
  private async modelFor(picked: string | undefined, previous: string | null, locale: Locale): Promise<ResolvedModel> {
    if (picked) return this.models.resolve(picked, locale);
    if (!previous) return this.models.resolve(undefined, locale);
    return this.models.resolve(previous, locale).catch(() => this.models.resolve(undefined, locale));
  }

  /** The skill a conversation answers with; one turned off or deleted since is refused rather than silently dropped. */
  private async skillOf(conversation: ConversationRow, locale: Locale): Promise<SkillForChat | null> {
    return conversation.skill_id === null ? null : this.skills.forChat(conversation.skill_id, locale, true);
  }

  /** One transaction: limits and balance under the user's lock, the flow's own changes, and the generating answer row. */
  private async begin(
    userId: number,
    plan: BillingPlan | null,
    model: ResolvedModel,
    flow: (tx: Tx, now: Date) => Promise<{ conversation: ConversationRow; question: MessageRow; history: Pick<MessageRow, 'role' | 'content' | 'status'>[]; isNew: boolean }>,
  ): Promise<Begun> {
    const settings = await this.models.aiSettings();
    return this.gate.exclusive(userId, () => transaction(this.ctx.db, async (tx) => {
      await this.gate.begin(tx, userId, plan, settings);
      const now = this.ctx.now();
      const { conversation, question, history, isNew } = await flow(tx, now);
      const answer = await this.repo.insertMessage(tx, { conversationId: conversation.id, userId, role: 'assistant', content: '', status: 'generating', model: model.key, now });
      if (!isNew) await this.repo.touchConversation(tx, conversation.id, model.key, now);
      return { conversation, question, answer, history: contextTurns(history), isNew };
    }));
  }

  private job(userId: number, begun: Begun, model: ResolvedModel, plan: BillingPlan | null, locale: Locale, settings: AiSettings, skill: SkillForChat | null): AnswerJob {
    const { messages } = fitContext(systemPrompt(settings, skill?.prompt), begun.history, { role: 'user', content: begun.question.content }, budget(model));
    const answerId = Number(begun.answer.id);
    return {
      target: { table: 'chat_messages', id: answerId, userId },
      client: this.gate.clientFor(model, locale, userId),
      model: model.upstreamModel,
      messages,
      maxTokens: model.maxOutputTokens || undefined,
      billing: plan,
      locale,
      start: {
        ...startEvent(begun.conversation, model),
        user_message_id: Number(begun.question.id),
        assistant_message_id: answerId,
      },
      persist: (tx, s) => this.repo.settleMessage(tx, answerId, s),
      ledger: { reason: 'chat_answer', refType: 'chat_message' },
    };
  }

  async conversations(userId: number, query: { page_no: number; page_size: number; keyword?: string }) {
    const { rows, count } = await this.repo.listConversations(this.ctx.db, userId, query.keyword || undefined, query.page_size, pageOffset(query));
    return { lists: rows.map(presentConversation), count, page_no: query.page_no, page_size: query.page_size };
  }

  async messages(userId: number, conversationId: number, locale: Locale) {
    const conversation = await this.repo.conversation(this.ctx.db, userId, conversationId);
    if (!conversation) throw notFound();
    const [rows, skill] = await Promise.all([this.repo.messages(this.ctx.db, userId, conversationId), this.skills.chatSkill(conversation.skill_id, locale)]);
    return { conversation: presentConversation(conversation), lists: rows.map(presentMessage), skill };
  }

  async rename(userId: number, conversationId: number, title: string): Promise<Conversation> {
    const row = await this.repo.renameConversation(this.ctx.db, userId, conversationId, title, this.ctx.now());
    if (!row) throw notFound();
    return presentConversation(row);
  }

  /**
   * Stops what is still generating in it (here or in another process), then
   * deletes it. Someone else's conversation is not found, like a missing one
   * (product-choices "Ownership checks"), and nothing of it is stopped.
   */
  async delete(userId: number, conversationId: number): Promise<void> {
    const conversation = await this.repo.conversation(this.ctx.db, userId, conversationId);
    if (!conversation) throw notFound();
    const generating = await this.repo.generatingIn(this.ctx.db, conversationId);
    await this.answers.requestStop(this.ctx.db, 'chat_messages', userId, generating);
    await Promise.all(generating.map((id) => this.runner.abort('chat_messages', id, userId)));
    await this.repo.deleteConversation(this.ctx.db, userId, conversationId);
  }

  async stop(userId: number, messageId: number): Promise<{ status: ChatMessage['status'] }> {
    // An answer streaming here may not be written yet (its turn commits alongside the stream); the runner knows its owner.
    const local = this.runner.abort('chat_messages', messageId, userId);
    if (local) await local;
    const message = await this.writtenMessage(userId, messageId);
    if (!message || message.role !== 'assistant') throw notFound();
    if (message.status !== 'generating') return { status: message.status };
    await this.answers.requestStop(this.ctx.db, 'chat_messages', userId, [messageId]);
    const settled = this.runner.abort('chat_messages', messageId, userId);
    if (settled) await settled;
    const after = await this.repo.message(this.ctx.db, userId, messageId);
    return { status: after?.status ?? 'stopped' };
  }

  /**
   * The message, allowing for a turn another process is still writing: its
   * stream (and so the id the client holds) starts before the row commits.
   */
  private async writtenMessage(userId: number, messageId: number): Promise<MessageRow | undefined> {
    for (let attempt = 0; ; attempt += 1) {
      const message = await this.repo.message(this.ctx.db, userId, messageId);
      if (message || attempt >= STOP_WAIT_ATTEMPTS) return message;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async export(userId: number, conversationId: number, locale: Locale) {
    const conversation = await this.repo.conversation(this.ctx.db, userId, conversationId);
    if (!conversation) throw notFound();
    const rows = await this.repo.messages(this.ctx.db, userId, conversationId);
    return exportMarkdown(conversation, rows, locale, this.ctx.now());
  }
}

/** Earlier turns worth sending: every question, and answers that delivered text. */
function contextTurns(history: Pick<MessageRow, 'role' | 'content' | 'status'>[]): ChatTurn[] {
  return history
    .filter((m) => m.role === 'user' || ((m.status === 'done' || m.status === 'stopped') && m.content.trim() !== ''))
    .map((m) => ({ role: m.role, content: m.content }));
}

/** Tokens the prompt may use: the context window minus room for the answer. */
function budget(model: ResolvedModel): number {
  const reserve = model.maxOutputTokens || Math.min(1024, Math.floor(model.contextTokens / 4));
  return Math.max(256, model.contextTokens - reserve);
}

function startEvent(conversation: Pick<ConversationRow, 'id' | 'title'> | null, model: ResolvedModel) {
  return {
    type: 'start' as const,
    conversation_id: conversation?.id ?? null,
    user_message_id: null as number | null,
    assistant_message_id: null as number | null,
    model: model.key,
    model_name: model.name,
    offline: model.kind === 'offline',
    title: conversation?.title ?? null,
  };
}
