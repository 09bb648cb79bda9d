import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageKey } from '@xueba/contract';
import type { AppContext } from '../context.js';
import { contentTypeOf, fileAccess } from '../../providers/storage/file-keys.js';
import { sendFailure } from './envelope.js';
import { readToken } from './auth.js';

/**
 * Why a request may not read a private key, or null when it may: a valid
 * signed URL (made by the store's privateUrl), or the owner's session for
 * keys that name their owner (`private/<userId>/…`). Nothing about the file
 * (not even whether it exists) is looked at before this answers.
 */
async function privateRefusal(app: FastifyInstance, ctx: AppContext, request: FastifyRequest, key: string, ownerId: number | null): Promise<MessageKey | null> {
  const signed = ctx.storage.checkPrivateUrl?.(key, request.query) ?? { ok: false, reason: 'missing' };
  if (signed.ok) return ownerId === null || signed.userId === ownerId ? null : 'forbidden';
  if (signed.reason === 'expired') return 'file_link_expired';
  if (signed.reason === 'invalid' || ownerId === null) return 'forbidden';
  const token = readToken(request);
  const user = token ? await app.sessions.authenticate(token) : null;
  return user?.id === ownerId ? null : 'forbidden';
}

/**
 * `GET /files/<key>`: public keys for anyone, cached publicly; private keys
 * (decision 0017) only as `privateRefusal` allows, never cached by anyone.
 */
export function serveFiles(app: FastifyInstance, ctx: AppContext): void {
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const access = fileAccess(key);
    if (access.visibility === 'private') {
      const refusal = await privateRefusal(app, ctx, request, key, access.ownerId);
      if (refusal) return sendFailure(request, reply, 403, refusal);
    }
    const file = await ctx.storage.open(key);
    if (!file) return sendFailure(request, reply, 404, 'not_found');
    return reply
      .header('content-type', contentTypeOf(key))
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', access.visibility === 'public' ? 'public, max-age=86400' : 'private, no-store')
      .send(file.stream);
  });
}
