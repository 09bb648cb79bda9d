import type { z } from 'zod';
import type { AdminFeedbackDetail, AdminFeedbackItem, FeedbackDetail, FeedbackItem, adminFeedbackQuerySchema, feedbackSubmitSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { Notifier } from '../notice/notifier.js';
import { FeedbackRepository, type AdminFeedbackRow, type FeedbackRow, type ReplyRow } from './feedback.repository.js';
import { ownedUploadKey, uploadUrl } from './screenshots.js';

/** Per user: new feedback an hour, and replies in threads an hour (an operator's replies are not limited). */
export const FEEDBACK_PER_HOUR = 10;
export const FEEDBACK_REPLIES_PER_HOUR = 30;

type SubmitInput = z.output<typeof feedbackSubmitSchema>;
type AdminQuery = z.output<typeof adminFeedbackQuerySchema>;

/**
 * Feedback use cases: a user reports, reads the thread and replies back; an
 * operator lists, replies and closes. Text is kept exactly as typed (the
 * pages render it as text, never as HTML); screenshots are the user's own
 * uploads, already checked by the image upload.
 */
export class FeedbackService {
  private readonly repo = new FeedbackRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly notifier: Notifier,
  ) {}

  async submit(userId: number, input: SubmitInput): Promise<FeedbackItem> {
    const now = this.ctx.now();
    await hitRateLimit(this.ctx.db, now, `feedback:${userId}`, FEEDBACK_PER_HOUR, 3600, 'feedback_rate_limited');
    const keys: string[] = [];
    for (const uri of input.images) {
      const key = await ownedUploadKey(this.ctx.db, this.ctx.storage, userId, uri);
      if (!key) throw badRequest('feedback_image_invalid');
      if (!keys.includes(key)) keys.push(key);
    }
    const row = await transaction(this.ctx.db, (tx) => this.repo.insert(tx, { user_id: userId, category: input.category, content: input.content, images: keys, page: input.page, now }));
    return this.item(row);
  }

  async list(userId: number, page: { page_no: number; page_size: number }): Promise<{ lists: FeedbackItem[]; count: number; page_no: number; page_size: number; unread: number }> {
    const { rows, count, unread } = await this.repo.listOfUser(this.ctx.db, userId, (page.page_no - 1) * page.page_size, page.page_size);
    return { lists: rows.map((row) => this.item(row)), count, page_no: page.page_no, page_size: page.page_size, unread };
  }

  /** Opening a feedback marks its replies read. */
  async detail(userId: number, id: number): Promise<FeedbackDetail> {
    const row = await this.repo.find(this.ctx.db, id);
    if (!row || row.user_id !== userId) throw notFound('feedback_not_found');
    if (row.user_unread) {
      await this.repo.update(this.ctx.db, id, { user_unread: false });
      row.user_unread = false;
    }
    return { ...this.item(row), replies: (await this.repo.replies(this.ctx.db, id)).map(reply) };
  }

  /** The user answers in the thread: it waits for an operator again. */
  async reply(userId: number, id: number, content: string): Promise<FeedbackDetail> {
    const now = this.ctx.now();
    await hitRateLimit(this.ctx.db, now, `feedback_reply:${userId}`, FEEDBACK_REPLIES_PER_HOUR, 3600, 'feedback_rate_limited');
    await transaction(this.ctx.db, async (tx) => {
      const row = await this.repo.lock(tx, id);
      if (!row || row.user_id !== userId) throw notFound('feedback_not_found');
      if (row.status === 'closed') throw conflict('feedback_closed');
      await this.repo.addReply(tx, { feedback_id: id, author: 'user', operator_id: null, content, now });
      await this.repo.update(tx, id, { status: 'open', user_unread: false });
    });
    return this.detail(userId, id);
  }

  async adminList(query: AdminQuery): Promise<{ lists: AdminFeedbackItem[]; count: number; page_no: number; page_size: number }> {
    const { rows, count } = await this.repo.listAll(this.ctx.db, query, (query.page_no - 1) * query.page_size, query.page_size);
    return { lists: rows.map((row) => this.adminItem(row)), count, page_no: query.page_no, page_size: query.page_size };
  }

  async adminDetail(id: number): Promise<AdminFeedbackDetail> {
    const row = await this.repo.findWithUser(this.ctx.db, id);
    if (!row) throw notFound('feedback_not_found');
    return { ...this.adminItem(row), replies: (await this.repo.replies(this.ctx.db, id)).map(reply) };
  }

  /** The reply and the notice are written together: a failed reply notifies nobody. */
  async adminReply(operatorId: number, id: number, content: string): Promise<AdminFeedbackDetail> {
    const now = this.ctx.now();
    await transaction(this.ctx.db, async (tx) => {
      const row = await this.repo.lock(tx, id);
      if (!row) throw notFound('feedback_not_found');
      if (row.status === 'closed') throw conflict('feedback_closed');
      await this.repo.addReply(tx, { feedback_id: id, author: 'operator', operator_id: operatorId, content, now });
      await this.repo.update(tx, id, { status: 'replied', user_unread: true });
      await this.notifier.notify({ userId: row.user_id, kind: 'feedback_replied', params: { id, excerpt: excerpt(row.content) }, link: `/user/opinion?id=${id}` }, tx);
    });
    return this.adminDetail(id);
  }

  async adminClose(id: number): Promise<void> {
    const row = await this.repo.find(this.ctx.db, id);
    if (!row) throw notFound('feedback_not_found');
    if (row.status !== 'closed') await this.repo.update(this.ctx.db, id, { status: 'closed', updated_at: this.ctx.now() });
  }

  private item(row: FeedbackRow): FeedbackItem {
    return {
      id: row.id,
      category: row.category,
      content: row.content,
      images: row.images.map((key) => uploadUrl(this.ctx.storage, key)),
      page: row.page,
      status: row.status,
      unread: row.user_unread,
      reply_count: row.reply_count,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  private adminItem(row: AdminFeedbackRow): AdminFeedbackItem {
    return { ...this.item(row), user_id: row.user_id, user_label: row.nickname || row.email || row.mobile || `#${row.user_id}` };
  }
}

function reply(row: ReplyRow): FeedbackDetail['replies'][number] {
  return { id: row.id, author: row.author, content: row.content, created_at: row.created_at.toISOString() };
}

/** The start of the feedback, for the notice's text. */
function excerpt(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
