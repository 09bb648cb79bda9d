import type { AdminSupportItem, QuickReply, SupportMessage, SupportStatus } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { Notifier } from '../notice/notifier.js';
import { ownedUploadKey } from '../feedback/screenshots.js';
import { SupportLive } from './support-live.js';
import { supportReplyMail } from './support-mail.js';
import { previewOf, type SupportService } from './support.service.js';
import type { InboxRow, QuickReplyRow, SupportRepository } from './support.repository.js';

/**
 * The operators' side: the inbox, answering, reading, closing, and the canned
 * replies. An answer notifies the user; when none of the user's streams is
 * open (they are away) it is also mailed, once per run of unread answers.
 */
export class SupportAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { settings: Pick<SettingsService, 'site'>; notifier: Notifier; outbox: Pick<OutboxService, 'sendMail'> },
    private readonly repo: SupportRepository,
    private readonly live: SupportLive,
    private readonly users: Pick<SupportService, 'message'>,
  ) {}

  async list(query: { page_no: number; page_size: number; status?: SupportStatus; keyword?: string }): Promise<{ lists: AdminSupportItem[]; count: number; page_no: number; page_size: number; unread: number }> {
    const { rows, count, unread } = await this.repo.inbox(this.ctx.db, query, (query.page_no - 1) * query.page_size, query.page_size);
    return { lists: rows.map(item), count, page_no: query.page_no, page_size: query.page_size, unread };
  }

  async messages(conversationId: number): Promise<{ conversation: AdminSupportItem; messages: SupportMessage[] }> {
    const row = await this.repo.inboxRow(this.ctx.db, conversationId);
    if (!row) throw notFound('support_conversation_not_found');
    return { conversation: item(row), messages: (await this.repo.messages(this.ctx.db, conversationId)).map((m) => this.users.message(m)) };
  }

  async reply(operatorId: number, input: { conversation_id: number; content: string; image?: string }): Promise<SupportMessage> {
    let imageKey: string | null = null;
    if (input.image !== undefined) {
      imageKey = await ownedUploadKey(this.ctx.db, this.ctx.storage, operatorId, input.image);
      if (!imageKey) throw badRequest('support_image_invalid');
    }
    const now = this.ctx.now();
    let mailTo: { email: string; locale: string } | null = null;
    const { message, subject } = await transaction(this.ctx.db, async (tx) => {
      const conversation = await this.repo.lock(tx, input.conversation_id);
      if (!conversation) throw notFound('support_conversation_not_found');
      if (conversation.status === 'closed') throw conflict('support_conversation_closed');
      const owner = conversation.user_id !== null ? { userId: conversation.user_id } : { email: conversation.visitor_email ?? '' };
      const subject = SupportLive.subjectOf(owner);
      const message = await this.repo.addMessage(tx, { conversation_id: conversation.id, sender: 'operator', operator_id: operatorId, content: input.content, image_key: imageKey, now, preview: previewOf(input.content) });
      // Mail only the first of a run of unread answers: ten quick lines are one email, not ten.
      const away = conversation.user_unread === 0 && !(await this.live.present(subject, tx));
      if (conversation.user_id !== null) {
        await this.deps.notifier.notify({ userId: conversation.user_id, kind: 'support_replied', params: { excerpt: previewOf(input.content) }, link: '/?support=1', email: away ? 'always' : 'never' }, tx);
      } else if (away && conversation.visitor_email) {
        mailTo = { email: conversation.visitor_email, locale: conversation.locale };
      }
      return { message, subject };
    });
    await this.live.announce(input.conversation_id, subject);
    const visitor = mailTo as { email: string; locale: string } | null;
    if (visitor) {
      const site = (await this.deps.settings.site()).website.name;
      await this.deps.outbox.sendMail({ to: visitor.email, ...supportReplyMail(visitor.locale, site, input.content || '[image]') });
    }
    return this.users.message(message);
  }

  async read(conversationId: number): Promise<void> {
    const conversation = await this.repo.find(this.ctx.db, conversationId);
    if (!conversation) throw notFound('support_conversation_not_found');
    if (conversation.staff_unread > 0) {
      await this.repo.markRead(this.ctx.db, conversationId, 'staff');
      await this.live.announce(conversationId, STAFF_ONLY);
    }
  }

  async close(conversationId: number): Promise<void> {
    const conversation = await this.repo.find(this.ctx.db, conversationId);
    if (!conversation) throw notFound('support_conversation_not_found');
    if (await this.repo.close(this.ctx.db, conversationId, this.ctx.now())) {
      const owner = conversation.user_id !== null ? { userId: conversation.user_id } : { email: conversation.visitor_email ?? '' };
      await this.live.announce(conversationId, SupportLive.subjectOf(owner));
    }
  }

  async quickReplies(): Promise<QuickReply[]> {
    return (await this.repo.quickReplies(this.ctx.db)).map(quick);
  }

  async saveQuickReply(input: { id?: number; title: string; content: string; sort: number }): Promise<QuickReply> {
    const row = await this.repo.saveQuickReply(this.ctx.db, { ...input, now: this.ctx.now() });
    if (!row) throw notFound('support_quick_reply_not_found');
    return quick(row);
  }

  async deleteQuickReply(id: number): Promise<void> {
    await this.repo.deleteQuickReply(this.ctx.db, id);
  }
}

/** A change only the operators' streams care about (their unread count). */
const STAFF_ONLY = 'staff';

function item(row: InboxRow): AdminSupportItem {
  const visitor = row.user_id === null;
  return {
    id: row.id,
    status: row.status,
    user_id: row.user_id,
    label: visitor ? (row.visitor_email ?? '') : row.nickname || row.email || row.mobile || `#${row.user_id ?? ''}`,
    visitor,
    unread: row.staff_unread,
    preview: row.preview,
    last_message_at: row.last_message_at.toISOString(),
  };
}

function quick(row: QuickReplyRow): QuickReply {
  return { id: row.id, title: row.title, content: row.content, sort: row.sort };
}
