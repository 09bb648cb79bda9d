import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageKey } from '@xueba/contract';
import type { AppContext } from '../context.js';
import { contentTypeOf, fileAccess } from '../../providers/storage/file-keys.js';
import type { ByteRange } from '../../providers/storage/storage.js';
import { sendFailure } from './envelope.js';
import { authenticate } from './auth.js';

/**
 * Why a request may not read a private key, or null when it may: a valid
 * signed URL (made by the store's privateUrl), or the owner's session for
 * keys that name their owner (`private/<userId>/…`). Nothing about the file
 * (not even whether it exists) is looked at before this answers.
 */
async function privateRefusal(ctx: AppContext, request: FastifyRequest, key: string, ownerId: number | null): Promise<MessageKey | null> {
  const signed = ctx.storage.checkPrivateUrl?.(key, request.query) ?? { ok: false, reason: 'missing' };
  if (signed.ok) return ownerId === null || signed.userId === ownerId ? null : 'forbidden';
  if (signed.reason === 'expired') return 'file_link_expired';
  if (signed.reason === 'invalid' || ownerId === null) return 'forbidden';
  const { user } = await authenticate(request, 'optional');
  return user?.id === ownerId ? null : 'forbidden';
}

/**
 * The one byte range of a `Range` header (`bytes=a-b`, `bytes=a-`, `bytes=-n`)
 * for a file of `size` bytes: a range, 'unsatisfiable', or null to send the
 * whole file (no header, several ranges, another unit, or a malformed one,
 * which RFC 9110 lets a server ignore).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  return start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * `GET /files/<key>`: public keys for anyone, cached publicly; private keys
 * (decision 0017) only as `privateRefusal` allows, never cached by anyone.
 * A single byte range is answered 206 from a ranged read of the store (a PDF
 * viewer or a media player reads parts of a large file).
 */
export function serveFiles(app: FastifyInstance, ctx: AppContext): void {
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const access = fileAccess(key);
    if (access.visibility === 'private') {
      const refusal = await privateRefusal(ctx, request, key, access.ownerId);
      if (refusal) return sendFailure(request, reply, 403, refusal);
    }
    const cache = access.visibility === 'public' ? 'public, max-age=86400' : 'private, no-store';
    const stat = request.headers.range ? await ctx.storage.stat(key) : null;
    const wanted = stat ? byteRange(request.headers.range, stat.size) : null;
    if (wanted === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${stat?.size ?? 0}`).header('cache-control', cache).send();
    const range = wanted ?? undefined;
    const file = await ctx.storage.open(key, range);
    if (!file) return sendFailure(request, reply, 404, 'not_found');
    reply.header('content-type', contentTypeOf(key)).header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff').header('cache-control', cache);
    // An SVG opened on its own is a document: it may draw, never run or fetch anything.
    if (key.endsWith('.svg')) reply.header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    return reply.header('content-length', range ? range.end - range.start + 1 : file.size).send(file.stream);
  });
}
