import type { Locale, SupportConversation, SupportMessage, SupportState } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { transaction } from '../../platform/db/transaction.js';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { VerificationService } from '../verification/verification.service.js';
import { ownedUploadKey, uploadUrl } from '../feedback/screenshots.js';
import { SupportLive } from './support-live.js';
import { SupportRepository, type ConversationRow, type MessageRow, type Owner } from './support.repository.js';

/** Per sender: messages a minute and a day (operators are not limited). */
export const SUPPORT_PER_MINUTE = 20;
export const SUPPORT_PER_DAY = 300;
const VISITOR_TOKEN_DAYS = 30;
const PREVIEW_CHARS = 80;

/** Who is writing: a signed-in user, or a visitor with a support token. */
export interface Caller {
  userId: number | null;
  visitorToken?: string;
}

export interface SendInput {
  conversation_id?: number;
  content: string;
  image?: string;
}

/**
 * The user's side of customer service: the current conversation, sending
 * (text as typed, or one of their uploaded pictures), reading, and visitors'
 * email proof. A message to a closed conversation is refused; the user starts
 * a new one (decision 0040).
 */
export class SupportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { settings: Pick<SettingsService, 'site'>; verification: Pick<VerificationService, 'send' | 'consume'> },
    private readonly repo: SupportRepository,
    private readonly live: SupportLive,
  ) {}

  async visitorCode(email: string, ip: string, locale: Locale): Promise<{ resend_after: number }> {
    return this.deps.verification.send({ channel: 'email', target: email, scene: 'support', ip, locale, userId: null });
  }

  async visitorVerify(email: string, code: string): Promise<{ visitor_token: string; email: string }> {
    await this.deps.verification.consume({ channel: 'email', target: email, scene: 'support', code });
    const token = randomToken(24);
    const now = this.ctx.now();
    await this.repo.saveVisitorToken(this.ctx.db, sha256(token), email, now, new Date(now.getTime() + VISITOR_TOKEN_DAYS * 86_400_000));
    return { visitor_token: token, email };
  }

  /** The owner a request speaks for: the user, else a visitor with a valid token, else a refusal asking for the email proof. */
  async owner(caller: Caller): Promise<Owner> {
    if (caller.userId !== null) return { userId: caller.userId };
    if (caller.visitorToken) {
      const email = await this.repo.visitorEmail(this.ctx.db, sha256(caller.visitorToken), this.ctx.now());
      if (email) return { email };
    }
    throw unauthorized('support_visitor_required');
  }

  async state(caller: Caller): Promise<SupportState> {
    const owner = await this.owner(caller);
    const conversation = await this.repo.latest(this.ctx.db, owner);
    const site = await this.deps.settings.site();
    const contact = site.qrcode.is_open && (site.qrcode.customer_service || site.qrcode.official_account) ? { customer_service: site.qrcode.customer_service, official_account: site.qrcode.official_account } : null;
    return {
      conversation: conversation ? conversationView(conversation) : null,
      messages: conversation ? (await this.repo.messages(this.ctx.db, conversation.id)).map((m) => this.message(m)) : [],
      contact,
      visitor_email: owner.email ?? null,
    };
  }

  async unread(userId: number): Promise<{ unread: number }> {
    return { unread: await this.repo.userUnread(this.ctx.db, userId) };
  }

  async send(caller: Caller, input: SendInput, locale: Locale): Promise<{ conversation: SupportConversation; message: SupportMessage }> {
    const owner = await this.owner(caller);
    const subject = SupportLive.subjectOf(owner);
    const now = this.ctx.now();
    await hitRateLimit(this.ctx.db, now, `support_min:${subject}`, SUPPORT_PER_MINUTE, 60, 'support_rate_limited');
    await hitRateLimit(this.ctx.db, now, `support_day:${subject}`, SUPPORT_PER_DAY, 86_400, 'support_rate_limited');
    let imageKey: string | null = null;
    if (input.image !== undefined) {
      if (owner.userId === undefined) throw badRequest('support_image_login');
      imageKey = await ownedUploadKey(this.ctx.db, this.ctx.storage, owner.userId, input.image);
      if (!imageKey) throw badRequest('support_image_invalid');
    }
    const { conversation, message } = await transaction(this.ctx.db, async (tx) => {
      await this.repo.lockOwner(tx, owner);
      let target: ConversationRow | undefined;
      if (input.conversation_id !== undefined) {
        target = await this.repo.lock(tx, input.conversation_id);
        const mine = target && (owner.userId !== undefined ? target.user_id === owner.userId : target.visitor_email === owner.email);
        if (!target || !mine) throw notFound('support_conversation_not_found');
        if (target.status === 'closed') throw conflict('support_conversation_closed');
      } else {
        const latest = await this.repo.latest(tx, owner);
        target = latest?.status === 'open' ? latest : await this.repo.openConversation(tx, owner, locale, now);
      }
      const row = await this.repo.addMessage(tx, { conversation_id: target.id, sender: 'user', operator_id: null, content: input.content, image_key: imageKey, now, preview: previewOf(input.content) });
      return { conversation: (await this.repo.lock(tx, target.id))!, message: row };
    });
    await this.live.announce(conversation.id, subject);
    return { conversation: conversationView(conversation), message: this.message(message) };
  }

  async read(caller: Caller, conversationId: number): Promise<void> {
    const owner = await this.owner(caller);
    const conversation = await this.repo.find(this.ctx.db, conversationId);
    const mine = conversation && (owner.userId !== undefined ? conversation.user_id === owner.userId : conversation.visitor_email === owner.email);
    if (!conversation || !mine) throw notFound('support_conversation_not_found');
    if (conversation.user_unread > 0) {
      await this.repo.markRead(this.ctx.db, conversationId, 'user');
      await this.live.announce(conversationId, SupportLive.subjectOf(owner));
    }
  }

  message(row: MessageRow): SupportMessage {
    return { id: row.id, sender: row.sender, content: row.content, image: row.image_key ? uploadUrl(this.ctx.storage, row.image_key) : null, created_at: row.created_at.toISOString() };
  }
}

export function conversationView(row: ConversationRow): SupportConversation {
  return { id: row.id, status: row.status, unread: row.user_unread, created_at: row.created_at.toISOString() };
}

export function previewOf(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS)}…` : flat;
}
