import type { AppContext } from '../../platform/context.js';
import { pageOffset } from '../../platform/http/paging.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { ChatRepository } from '../chat/chat.repository.js';
import { FavoritesRepository, type FavoriteRow } from './favorites.repository.js';

function present(f: FavoriteRow) {
  return {
    id: f.id,
    question: f.question,
    answer: f.answer,
    conversation_id: f.conversation_id,
    message_id: f.message_id === null ? null : Number(f.message_id),
    created_at: f.created_at.toISOString(),
  };
}

/** Favorites (`/user/collection`): an answer with the question it answered, copied so it outlives the conversation. */
export class FavoritesService {
  private readonly repo = new FavoritesRepository();
  private readonly chat = new ChatRepository();

  constructor(private readonly ctx: AppContext) {}

  async add(userId: number, messageId: number) {
    const answer = await this.chat.message(this.ctx.db, userId, messageId);
    if (!answer) throw notFound();
    if (answer.role !== 'assistant' || answer.status === 'generating' || answer.content.trim() === '') throw badRequest('chat_not_an_answer');
    const question = await this.chat.previousQuestion(this.ctx.db, answer.conversation_id, messageId);
    const row = await this.repo.add(this.ctx.db, {
      userId,
      question: question?.content ?? '',
      answer: answer.content,
      conversationId: answer.conversation_id,
      messageId,
      now: this.ctx.now(),
    });
    return present(row);
  }

  /** Someone else's favorite is not found, like a missing one (product-choices "Ownership checks"). */
  async remove(userId: number, by: { id?: number; message_id?: number }): Promise<void> {
    const removed = await this.repo.remove(this.ctx.db, userId, { id: by.id, messageId: by.message_id });
    if (removed === 0) throw notFound();
  }

  async list(userId: number, query: { page_no: number; page_size: number; keyword?: string }) {
    const { rows, count } = await this.repo.list(this.ctx.db, userId, query.keyword || undefined, query.page_size, pageOffset(query));
    return { lists: rows.map(present), count, page_no: query.page_no, page_size: query.page_size };
  }
}
