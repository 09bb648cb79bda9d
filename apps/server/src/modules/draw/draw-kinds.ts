import type { Insertable } from 'kysely';
import type { MessageKey } from '@xueba/contract';
import type { Tx } from '../../platform/db/transaction.js';
import type { DrawRequest, DrawResult } from '../../providers/draw/draw-provider.js';
import type { DrawJobRow } from './draw.repository.js';
import type { DrawImagesTable } from './draw.tables.js';

/**
 * How a kind of drawing other than a plain one is run: the requests to try
 * in order (each an attempt), which of an attempt's pictures are kept (none:
 * the next attempt is drawn), what follows a success, and how the job fails
 * when no attempt gave a picture worth keeping. The runner does the rest as
 * for any drawing: the slot, progress (over all attempts), cancel, deadline
 * (per attempt), storing the pictures, and the one refund.
 */
export interface DrawKindPlan {
  requests(job: DrawJobRow, base: DrawRequest): Promise<DrawRequest[]>;
  /** The result with only the pictures to keep, or null to go on to the next attempt. */
  accept(job: DrawJobRow, result: DrawResult, attempt: number): Promise<DrawResult | null>;
  /** In the transaction that records the success with the kept pictures: the kind's own rows follow them. */
  succeeded?(tx: Tx, job: DrawJobRow, images: Insertable<DrawImagesTable>[]): Promise<void>;
  /** Every attempt drawn and none kept. */
  exhausted(job: DrawJobRow, attempts: number): { reason: MessageKey; detail: string };
}

/** A plain drawing: its own request once, every picture kept. */
const SINGLE: DrawKindPlan = {
  requests: async (_job, base) => [base],
  accept: async (_job, result) => result,
  exhausted: () => ({ reason: 'draw_fail_image_missing', detail: 'no picture kept' }),
};

/** The plans of the kinds of drawing that features register at start-up. */
export class DrawKinds {
  private readonly plans = new Map<string, DrawKindPlan>();

  register(kind: string, plan: DrawKindPlan): void {
    this.plans.set(kind, plan);
  }

  of(kind: string): DrawKindPlan {
    return this.plans.get(kind) ?? SINGLE;
  }
}
