import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { safeString, shareIdSchema, userSnSchema } from './common.js';
import { rewardSchema } from './tasks.js';
import { inviteUnlockSchema } from './promotion.js';

export const shareEndpoints = {
  invite: endpoint({
    method: 'POST',
    path: '/share/invite',
    auth: 'user',
    summary: 'The signed-in user invitation link and counts',
    tags: ['share'],
    // A POST without any body is fine too (Fastify hands the validator null then).
    body: z.object({}).nullish(),
    response: z.object({
      share_id: safeString(),
      link: safeString(),
      invite_count: z.number().int(),
      click_count: z.number().int(),
      /** The invitation rewards on offer and what this user has earned from invitations so far. */
      rewards: z.object({ enabled: z.boolean(), unlock: inviteUnlockSchema, inviter: rewardSchema, invitee: rewardSchema }),
      earned: rewardSchema,
      /** Invitees whose reward waits for their first use or payment. */
      rewards_pending: z.number().int(),
    }),
    idempotent: true,
  }),
  click: endpoint({
    method: 'POST',
    path: '/share/click',
    auth: 'optional',
    summary: 'Record a click on an invitation link',
    tags: ['share'],
    body: z.object({ share_id: shareIdSchema }),
    response: z.null(),
    idempotent: true,
  }),
  bind: endpoint({
    method: 'POST',
    path: '/share/bind',
    auth: 'user',
    summary: 'Bind the signed-in user to an inviter (only once, never to oneself)',
    tags: ['share'],
    body: z.object({ share_id: shareIdSchema, user_sn: userSnSchema.optional() }),
    response: z.object({ bound: z.boolean() }),
    idempotent: true,
  }),
  bindClickId: endpoint({
    method: 'POST',
    path: '/channel360/bindClickId',
    auth: 'optional',
    summary: 'Store an advertising click ID for attribution',
    tags: ['share'],
    body: z.object({ click_id: safeString().trim().min(1, 'validation_failed').max(200, 'validation_failed'), channel: safeString().max(64).optional() }),
    response: z.null(),
    idempotent: true,
  }),
};
