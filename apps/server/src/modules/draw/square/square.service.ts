import type { z } from 'zod';
import { roleMeets, type adminSquareItemSchema, type DrawFamily, type Locale, type SQUARE_REVIEW_ACTIONS, type SquareItem, type SquareStatus, type UserRole } from '@xueba/contract';
import type { AppContext } from '../../../platform/context.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../../platform/errors.js';
import { pageOffset, type PageQuery } from '../../../platform/http/paging.js';
import { fileAccess } from '../../../providers/storage/file-keys.js';
import { hmac } from '../../../platform/crypto.js';
import { hitRateLimit } from '../../../platform/rate-limit.js';
import type { SettingsService } from '../../settings/settings.service.js';
import type { DrawSettingsStore } from '../draw-settings.js';
import { SquareRepository, type SquareItemRow } from './square.repository.js';
import { PosterCache, renderPoster } from './square-poster.js';

export type AdminSquareItem = z.infer<typeof adminSquareItemSchema>;
export type SquareReviewAction = (typeof SQUARE_REVIEW_ACTIONS)[number];

/** Who is looking: the signed-in user (id and role), or null for a visitor. */
export type Viewer = { id: number; role: UserRole } | null;

/**
 * What each review action does: the statuses it applies to and the one it
 * leads to. An action on an item already in its target status answers the
 * item unchanged (a retried click); any other status is refused.
 */
const TRANSITIONS: Record<SquareReviewAction, { from: readonly SquareStatus[]; to: SquareStatus }> = {
  approve: { from: ['pending', 'rejected'], to: 'published' },
  reject: { from: ['pending'], to: 'rejected' },
  hide: { from: ['published'], to: 'hidden' },
  show: { from: ['hidden'], to: 'published' },
};

/** An administrator's decision sticks to the picture: its author can neither publish it again nor withdraw it. */
const TAKEN_DOWN: readonly SquareStatus[] = ['rejected', 'hidden'];
const WITHDRAWABLE: readonly SquareStatus[] = ['pending', 'published'];

/** Signed URLs of private pictures last this long: long enough to browse the square, short enough to stay a capability. */
const PICTURE_URL_TTL_SECONDS = 2 * 60 * 60;

/**
 * Posters one address may have rendered (not served from the cache) in
 * POSTER_WINDOW_SECONDS: a render costs real CPU, and anyone may ask for any
 * published item's poster; a person shares a handful.
 */
export const POSTER_RENDERS_PER_WINDOW = 30;
export const POSTER_WINDOW_SECONDS = 10 * 60;

/**
 * The image square (product-choices "Image square"): users publish pictures
 * of their finished drawings; they appear once an administrator approves
 * them, or at once when the drawing settings turn review off; signed-in users
 * report items; administrators approve, reject, hide and show again.
 */
export class SquareService {
  private readonly repo = new SquareRepository();
  private readonly posters = new PosterCache();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { settings: Pick<SettingsService, 'site'>; drawSettings: Pick<DrawSettingsStore, 'get'> },
  ) {}

  /** The site switch (`draw_square_config.is_open`): off closes the square to users; administrators still review. */
  private async ensureOpen(): Promise<void> {
    const site = await this.deps.settings.site();
    if (!site.draw_square_config.is_open) throw forbidden('square_disabled');
  }

  private async fileUrl(key: string, ownerId: number): Promise<string> {
    if (fileAccess(key).visibility === 'public') return this.ctx.storage.publicUrl?.(key) ?? `/files/${key}`;
    // A private picture on the square is signed as issued to its author, whom `/files/` checks it against.
    return (await this.ctx.storage.privateUrl(key, { userId: ownerId, ttlSeconds: PICTURE_URL_TTL_SECONDS })).url;
  }

  private async present(row: SquareItemRow, viewer: Viewer, origin: string): Promise<SquareItem> {
    const [imageUrl, thumbUrl] = await Promise.all([this.fileUrl(row.storage_key, row.user_id), this.fileUrl(row.thumb_key, row.user_id)]);
    return {
      id: row.id,
      image_url: imageUrl,
      thumb_url: thumbUrl,
      width: row.width,
      height: row.height,
      prompt: row.prompt,
      negative_prompt: row.negative_prompt,
      family: row.family,
      model: row.model,
      size: row.size,
      style: row.style,
      quality: row.quality,
      generation: row.generation,
      nickname: row.nickname,
      avatar: row.avatar,
      status: row.status,
      mine: viewer?.id === row.user_id,
      share_url: shareUrl(origin, row.id),
      created_at: row.created_at.toISOString(),
    };
  }

  private visible(row: SquareItemRow, viewer: Viewer): boolean {
    return row.status === 'published' || viewer?.id === row.user_id || (viewer !== null && roleMeets(viewer.role, 'operator'));
  }

  async list(viewer: Viewer, query: PageQuery & { mine?: '1' | '0'; family?: DrawFamily }, origin: string) {
    await this.ensureOpen();
    const mine = query.mine === '1';
    if (mine && !viewer) throw unauthorized();
    const { rows, count } = await this.repo.list(this.ctx.db, {
      ...(mine && viewer ? { userId: viewer.id } : { statuses: ['published'] }),
      family: query.family,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return { lists: await Promise.all(rows.map((row) => this.present(row, viewer, origin))), count, page_no: query.page_no, page_size: query.page_size };
  }

  /** An item nobody but its author (and administrators) may see is answered as missing to everyone else. */
  async detail(viewer: Viewer, id: number, origin: string): Promise<SquareItem> {
    await this.ensureOpen();
    const row = await this.repo.item(this.ctx.db, id);
    if (!row || !this.visible(row, viewer)) throw notFound('square_not_found');
    return this.present(row, viewer, origin);
  }

  /**
   * Publishes a picture of the user's own finished drawing. One item per
   * picture: publishing it again answers the item it has (pending or
   * published), so a retried click changes nothing; a picture an
   * administrator rejected or hid cannot come back this way.
   */
  async publish(viewer: NonNullable<Viewer>, imageId: number, origin: string): Promise<SquareItem> {
    await this.ensureOpen();
    const image = await this.repo.publishableImage(this.ctx.db, imageId);
    // Someone else's picture, or one of a drawing that did not finish, is not a picture this user can publish.
    if (!image || image.user_id !== viewer.id || image.job_kind !== 'draw' || image.job_status !== 'success') throw notFound('square_image_not_found');
    let row = await this.repo.itemByImage(this.ctx.db, imageId);
    if (!row) {
      const { square_review: review } = await this.deps.drawSettings.get();
      // Two concurrent publishes: the unique picture lets one insert; both then read the same item.
      await this.repo.insert(this.ctx.db, { imageId, userId: viewer.id, status: review ? 'pending' : 'published', now: this.ctx.now() });
      row = await this.repo.itemByImage(this.ctx.db, imageId);
      if (!row) throw notFound('square_image_not_found');
    }
    if (TAKEN_DOWN.includes(row.status)) throw conflict('square_taken_down');
    return this.present(row, viewer, origin);
  }

  /**
   * Takes the author's pending or published item off the square (the row
   * goes; reports with it). Someone else's item, or one already gone, is not
   * found, as every delete answers (product-choices "Ownership checks"); an
   * item an administrator took down stays as their record.
   */
  async unpublish(userId: number, id: number): Promise<void> {
    const row = await this.repo.item(this.ctx.db, id);
    if (!row || row.user_id !== userId) throw notFound('square_not_found');
    if (await this.repo.deleteOwn(this.ctx.db, id, userId, WITHDRAWABLE)) return;
    // Not deleted: an administrator took it down meanwhile, or a concurrent withdrawal took it first.
    const after = await this.repo.item(this.ctx.db, id);
    throw after ? conflict('square_taken_down') : notFound('square_not_found');
  }

  /** One report per user and item (a second is accepted and ignored); only published items of others can be reported. */
  async report(userId: number, id: number, reason: string): Promise<void> {
    await this.ensureOpen();
    const row = await this.repo.item(this.ctx.db, id);
    if (row && row.user_id === userId) throw badRequest('square_report_own');
    if (!row || row.status !== 'published') throw notFound('square_not_found');
    await this.repo.report(this.ctx.db, { itemId: id, userId, reason, now: this.ctx.now() });
  }

  private async presentAdmin(rows: SquareItemRow[], viewer: Viewer, origin: string): Promise<AdminSquareItem[]> {
    const reports = await this.repo.reports(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return Promise.all(
      rows.map(async (row) => {
        const item = await this.present(row, viewer, origin);
        const report = reports.get(row.id);
        return { ...item, user_id: row.user_id, reports: report?.count ?? 0, report_reasons: report?.reasons ?? [] };
      }),
    );
  }

  /** The review queue: pending items first, then the newest; `reported` keeps only items someone reported. */
  async adminList(viewer: Viewer, query: PageQuery & { status?: SquareStatus; reported?: '1' | '0' }, origin: string) {
    const { rows, count } = await this.repo.list(this.ctx.db, {
      statuses: query.status ? [query.status] : undefined,
      reported: query.reported === '1',
      pendingFirst: true,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return { lists: await this.presentAdmin(rows, viewer, origin), count, page_no: query.page_no, page_size: query.page_size };
  }

  /** Applies a review action (see TRANSITIONS), recording who decided and when. */
  async review(viewer: NonNullable<Viewer>, id: number, action: SquareReviewAction, origin: string): Promise<AdminSquareItem> {
    const { from, to } = TRANSITIONS[action];
    const moved = await this.repo.transition(this.ctx.db, id, from, to, viewer.id, this.ctx.now());
    const row = await this.repo.item(this.ctx.db, id);
    if (!row) throw notFound('square_not_found');
    if (!moved && row.status !== to) throw conflict('square_review_invalid');
    const [item] = await this.presentAdmin([row], viewer, origin);
    if (!item) throw notFound('square_not_found');
    return item;
  }

  /**
   * The item's poster (PNG) for whoever may see the item; `shared` says
   * whether it is a published item's (the same for everyone, so caches may
   * keep it) or one only its author and administrators see. Renders count
   * against the caller's address (`ip`); posters served from the cache do not.
   */
  async poster(viewer: Viewer, id: number, where: { origin: string; locale: Locale; ip: string }): Promise<{ png: Buffer; shared: boolean }> {
    await this.ensureOpen();
    const row = await this.repo.item(this.ctx.db, id);
    if (!row || !this.visible(row, viewer)) throw notFound('square_not_found');
    const shared = row.status === 'published';
    const site = await this.deps.settings.site();
    const input = { prompt: row.prompt, nickname: row.nickname, siteName: site.website.name, link: shareUrl(where.origin, row.id), locale: where.locale };
    const key = JSON.stringify([row.storage_key, row.updated_at.getTime(), input]);
    const cached = this.posters.get(key);
    if (cached) return { png: cached, shared };
    await hitRateLimit(this.ctx.db, this.ctx.now(), `square_poster:${hmac(this.ctx.appSecret, `ip:${where.ip}`).slice(0, 32)}`, POSTER_RENDERS_PER_WINDOW, POSTER_WINDOW_SECONDS);
    const file = await this.ctx.storage.open(row.storage_key);
    if (!file) throw notFound('square_image_not_found');
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const png = await renderPoster({ ...input, picture: Buffer.concat(chunks) });
    // Only what everyone may see is kept; the author's poster of an unpublished item is made each time.
    if (shared) this.posters.set(key, png);
    return { png, shared };
  }
}

/** The page that opens the item's pop-up. */
export function shareUrl(origin: string, id: number): string {
  return `${origin}/app/square?id=${id}`;
}
