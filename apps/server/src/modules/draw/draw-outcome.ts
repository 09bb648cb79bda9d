import sharp from 'sharp';
import type { MessageKey } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Tx } from '../../platform/db/transaction.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { DrawResult } from '../../providers/draw/draw-provider.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { sniffImage } from '../upload/image-type.js';
import type { DrawImagesTable } from './draw.tables.js';
import type { OpenDrawJobs } from './draw-open-jobs.js';
import { DrawRepository, type DrawJobRow } from './draw.repository.js';
import type { Insertable } from 'kysely';
import type { Notifier } from '../notice/notifier.js';

/** Thumbnails fit in this square (the record list and the square show them). */
const THUMB_MAX_PX = 512;
export const DRAW_ASSET = 'drawing_count';

export type EndStatus = 'failed' | 'cancelled';

/** Thrown when a provider's picture is not a picture: the job fails as draw_fail_image_missing. */
export class PictureUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PictureUnreadableError';
  }
}

/**
 * How a drawing ends. Failed and cancelled are one transaction each: the
 * status changes only from queued or running, and only when it did is the
 * count given back (idempotency key `draw:<id>:refund`) and `refunded` set,
 * so a cancel racing a failure, an admin's switch-off or a restart refunds
 * exactly once. Success stores the pictures first (unguessable public keys,
 * WebP thumbnails) and then records them with the status in one transaction;
 * a job cancelled meanwhile keeps its cancel, and the stored files go.
 */
export class DrawOutcome {
  private readonly repo = new DrawRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly lane: Pick<JobRunner, 'dequeue'>,
    /** Tells the user a drawing finished or failed (a cancel is their own doing: no notice). */
    private readonly notifier?: Notifier,
    /** The polled view of open drawings: an end here is seen by the next poll. */
    private readonly open?: Pick<OpenDrawJobs, 'ended'>,
  ) {}

  /** true when this call ended the job (and refunded it); false when it had ended already. */
  async end(id: number, status: EndStatus, reason: MessageKey, detail: string | null = null): Promise<boolean> {
    const now = this.ctx.now();
    const ended = await transaction(this.ctx.db, async (tx, afterCommit) => {
      const row = await this.repo.settle(tx, id, { status, fail_reason: reason, fail_detail: detail?.slice(0, 2000) ?? null }, now);
      if (!row) return null;
      const queued = await this.repo.queueIds(tx, [id]);
      const queueId = queued.get(id);
      // Still waiting: removed in this transaction; running: its handler notices the status and stops.
      if (queueId) await this.lane.dequeue(tx, queueId);
      if (row.cost > 0) {
        await this.ledger.applyInTx(tx, {
          userId: row.user_id,
          asset: DRAW_ASSET,
          delta: row.cost,
          reason: 'draw_refund',
          refType: 'draw',
          refId: String(id),
          idempotencyKey: `draw:${id}:refund`,
        });
        await this.repo.markRefunded(tx, id);
        afterCommit(() => this.ctx.bus.publish('user', String(row.user_id)));
      }
      if (status === 'failed') await this.notifier?.notify({ userId: row.user_id, kind: 'draw_failed', params: { prompt: noticePrompt(row.prompt) }, link: drawLink(row.kind) }, tx);
      return row;
    });
    if (ended) this.open?.ended(id);
    if (ended?.preview_key) await this.removeFiles([ended.preview_key]);
    return ended !== null;
  }

  /** Stores the pictures and records success (with `within`: the asking feature's rows in the same transaction); false when the job was no longer running (its files are removed). */
  async succeed(job: DrawJobRow, result: DrawResult, within?: (tx: Tx, images: Insertable<DrawImagesTable>[]) => Promise<void>): Promise<boolean> {
    const now = this.ctx.now();
    const images: Insertable<DrawImagesTable>[] = [];
    const stored: string[] = [];
    try {
      for (const [idx, picture] of result.pictures.entries()) {
        const type = sniffImage(picture.data);
        if (!type || type.ext === 'gif') throw new PictureUnreadableError(`picture ${idx} is not PNG, JPEG or WebP`);
        let meta: sharp.Metadata;
        let thumb: Buffer;
        try {
          meta = await sharp(picture.data).metadata();
          thumb = await sharp(picture.data).resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
        } catch (error) {
          throw new PictureUnreadableError(`picture ${idx} could not be decoded: ${error instanceof Error ? error.message : String(error)}`);
        }
        const key = newFileKey(now, { visibility: 'public', kind: 'draw', ext: type.ext });
        const thumbKey = newFileKey(now, { visibility: 'public', kind: 'draw', ext: 'webp' });
        await this.ctx.storage.put(key, picture.data, type.mime);
        stored.push(key);
        await this.ctx.storage.put(thumbKey, thumb, 'image/webp');
        stored.push(thumbKey);
        images.push({
          job_id: job.id,
          user_id: job.user_id,
          idx,
          storage_key: key,
          thumb_key: thumbKey,
          mime: type.mime,
          bytes: picture.data.length,
          width: meta.width ?? 0,
          height: meta.height ?? 0,
          created_at: now,
        });
      }
      if (images.length === 0) throw new PictureUnreadableError('the provider answered no picture');
      const recorded = await transaction(this.ctx.db, async (tx) => {
        if (!(await this.repo.succeed(tx, job.id, { seed: result.seed, revised_prompt: result.revisedPrompt }, now))) return false;
        await this.repo.insertImages(tx, images);
        await within?.(tx, images);
        await this.notifier?.notify({ userId: job.user_id, kind: 'draw_done', params: { prompt: noticePrompt(job.prompt) }, link: drawLink(job.kind) }, tx);
        return true;
      });
      if (recorded) this.open?.ended(job.id);
      if (!recorded) await this.removeFiles(stored);
      else if (job.preview_key) await this.removeFiles([job.preview_key]);
      return recorded;
    } catch (error) {
      await this.removeFiles(stored);
      throw error;
    }
  }

  async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.ctx.storage.remove(key).catch((error: unknown) => this.ctx.log.warn({ err: error, key }, 'drawing file not removed'));
    }
  }
}

/** A notice quotes the start of the prompt, not all of it. */
function noticePrompt(prompt: string): string {
  const chars = [...prompt.trim()];
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : chars.join('');
}

/** Where the notice opens: the page the drawing was made on. */
function drawLink(kind: string): string {
  return kind === 'qrcode' ? '/qrcode' : '/drawing/record';
}
