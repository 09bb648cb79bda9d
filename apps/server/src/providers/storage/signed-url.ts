import { z } from 'zod';
import { hmac, safeEqualHex } from '../../platform/crypto.js';

/** The query of a signed file URL: who it was signed for, until when (Unix seconds), and the HMAC of both with the key. */
const signedQuerySchema = z.object({
  uid: z.string().regex(/^\d{1,15}$/),
  exp: z.string().regex(/^\d{1,12}$/),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

export type SignedUrlCheck = { ok: true; userId: number } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

/**
 * Short-lived URLs for private files served by this process under `/files/`
 * (decision 0017). The signature is an HMAC-SHA256, keyed from APP_SECRET
 * (derived, so it never equals a key used for anything else), over the storage
 * key, the expiry and the user it was issued to; it is compared in constant
 * time. A URL is a bearer capability until it expires, so lifetimes are minutes.
 */
export class FileUrlSigner {
  private readonly key: string;

  constructor(
    appSecret: string,
    private readonly now: () => Date,
  ) {
    this.key = hmac(appSecret, 'xueba:file-url:v1');
  }

  private signature(key: string, userId: number, exp: number): string {
    return hmac(this.key, `${key}\n${userId}\n${exp}`);
  }

  /** `/files/<key>?uid=…&exp=…&sig=…`, site-relative. */
  sign(key: string, userId: number, ttlSeconds: number): { url: string; expiresAt: Date } {
    const exp = Math.floor(this.now().getTime() / 1000) + Math.max(1, Math.floor(ttlSeconds));
    const query = new URLSearchParams({ uid: String(userId), exp: String(exp), sig: this.signature(key, userId, exp) });
    return { url: `/files/${key}?${query.toString()}`, expiresAt: new Date(exp * 1000) };
  }

  check(key: string, query: unknown): SignedUrlCheck {
    const present = query && typeof query === 'object' && ('sig' in query || 'exp' in query || 'uid' in query);
    if (!present) return { ok: false, reason: 'missing' };
    const parsed = signedQuerySchema.safeParse(query);
    if (!parsed.success) return { ok: false, reason: 'invalid' };
    const userId = Number(parsed.data.uid);
    const exp = Number(parsed.data.exp);
    if (!safeEqualHex(parsed.data.sig, this.signature(key, userId, exp))) return { ok: false, reason: 'invalid' };
    // Checked after the signature, so an expired answer is only given for a URL we issued.
    if (exp * 1000 <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, userId };
  }
}
