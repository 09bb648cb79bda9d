import { formatMessage, isMessageKey, type DrawImage, type DrawRecord, type Locale } from '@xueba/contract';
import type { FileStorage } from '../../providers/storage/storage.js';
import type { DrawImageListed, DrawJobRow } from './draw.repository.js';

/** Where a public key is read: the object store's own address, else this site's `/files/`. */
export function fileUrl(storage: FileStorage, key: string): string {
  return storage.publicUrl?.(key) ?? `/files/${key}`;
}

export function presentImage(storage: FileStorage, image: DrawImageListed): DrawImage {
  return {
    id: image.id,
    url: fileUrl(storage, image.storage_key),
    thumb_url: fileUrl(storage, image.thumb_key),
    width: image.width,
    height: image.height,
    selected: image.selected,
    square_id: image.square_id,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A job as the record views show it; `position` from the queue, `fail_text` in the request's language. */
export function presentRecord(storage: FileStorage, job: DrawJobRow, images: DrawImageListed[], position: number, locale: Locale): DrawRecord {
  const reason = job.fail_reason;
  return {
    id: job.id,
    status: job.status,
    position: job.status === 'queued' ? position : 0,
    progress: job.progress,
    // The preview file is rewritten in place: its URL changes with the progress so the page fetches the new one.
    preview_url: job.status === 'running' && job.preview_key ? `${fileUrl(storage, job.preview_key)}?v=${job.progress}` : null,
    images: images.map((image) => presentImage(storage, image)),
    fail_reason: reason,
    fail_text: reason && isMessageKey(reason) ? formatMessage(reason, locale) : null,
    cost: job.cost,
    refunded: job.refunded,
    family: job.family,
    model: job.model,
    generation: job.generation,
    prompt: job.prompt,
    negative_prompt: job.negative_prompt,
    size: job.size,
    style: job.style,
    quality: job.quality,
    n: job.n,
    seed: job.seed === null ? null : Number(job.seed),
    revised_prompt: job.revised_prompt,
    created_at: job.created_at.toISOString(),
    started_at: iso(job.started_at),
    finished_at: iso(job.finished_at),
  };
}
