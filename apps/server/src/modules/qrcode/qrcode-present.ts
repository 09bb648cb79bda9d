import { formatMessage, isMessageKey, type Locale, type QrDrawState, type QrRecord, type QrTemplate } from '@xueba/contract';
import type { FileStorage } from '../../providers/storage/storage.js';
import { fileUrl } from '../draw/draw-present.js';
import type { DrawJobRow } from '../draw/draw.repository.js';
import { localName } from './qrcode-catalog.js';
import type { QrCodeRow, QrTemplateRow } from './qrcode.repository.js';

const url = (storage: FileStorage, key: string | null) => (key ? fileUrl(storage, key) : null);

/** An AI code's drawing as the in-progress, success and fail views read it. */
export function presentDrawState(storage: FileStorage, job: DrawJobRow, position: number, locale: Locale): QrDrawState {
  const attempts = job.params.attempts ?? 1;
  const reason = job.fail_reason;
  return {
    draw_id: job.id,
    status: job.status,
    position: job.status === 'queued' ? position : 0,
    progress: job.progress,
    attempt: Math.min(job.params.attempt ?? 1, attempts),
    attempts,
    preview_url: job.status === 'running' && job.preview_key ? `${fileUrl(storage, job.preview_key)}?v=${job.progress}` : null,
    fail_reason: reason,
    fail_text: reason && isMessageKey(reason) ? formatMessage(reason, locale, { attempts }) : null,
    cost: job.cost,
    refunded: job.refunded,
    prompt: job.prompt,
    model: job.model,
  };
}

/**
 * A code as the history and detail show it. A styled code is a success at
 * once; an AI code has its drawing's status (a code whose drawing record is
 * gone reads as failed).
 */
export function presentCode(storage: FileStorage, row: QrCodeRow, job: DrawJobRow | null, position: number, locale: Locale): QrRecord {
  const ai = row.mode === 'ai';
  const draw = ai && job ? presentDrawState(storage, job, position, locale) : null;
  return {
    id: row.id,
    mode: row.mode,
    type: row.type,
    data: row.data,
    content: row.content,
    look: ai ? null : row.look,
    ec_level: row.ec_level,
    version: row.version,
    size: row.size,
    status: ai ? (draw?.status ?? 'failed') : 'success',
    png_url: url(storage, row.png_key),
    svg_url: url(storage, row.svg_key),
    thumb_url: url(storage, row.thumb_key),
    verified: row.verified,
    draw,
    created_at: row.created_at.toISOString(),
  };
}

export function presentTemplate(storage: FileStorage, row: QrTemplateRow, locale: Locale): QrTemplate {
  return { id: row.id, kind: row.kind, name: localName(row.names, locale), thumb_url: url(storage, row.thumb_key), config: row.config };
}
