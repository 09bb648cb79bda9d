import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { api, docFileUrlSchema, type Envelope } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { memberUser, multipart, uploadDocs } from '../../test/doc-fixture.js';
import { fileAccess, newFileKey } from '../../providers/storage/file-keys.js';
import { FileUrlSigner } from '../../providers/storage/signed-url.js';
import { LocalFileStorage } from '../../providers/storage/storage.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-rest-of-a-png')]);

describe('file keys and signed URLs', () => {
  it('tells public from private keys, legacy ones included, and names the owner when the key does', () => {
    expect(fileAccess('public/images/2026/05/a.png')).toEqual({ visibility: 'public' });
    expect(fileAccess('images/2025/01/a.png')).toEqual({ visibility: 'public' });
    expect(fileAccess('private/42/documents/2026/05/a.pdf')).toEqual({ visibility: 'private', ownerId: 42 });
    expect(fileAccess('documents/2025/01/a.pdf')).toEqual({ visibility: 'private', ownerId: null });
    expect(fileAccess('publicity/a.png')).toEqual({ visibility: 'private', ownerId: null });
    const now = new Date('2026-05-03T00:00:00Z');
    expect(newFileKey(now, { visibility: 'public', kind: 'images', ext: 'png' })).toMatch(/^public\/images\/2026\/05\/[A-Za-z0-9_-]{24}\.png$/);
    expect(newFileKey(now, { visibility: 'private', userId: 7, kind: 'documents', ext: 'pdf' })).toMatch(/^private\/7\/documents\/2026\/05\/[A-Za-z0-9_-]{24}\.pdf$/);
  });

  it('accepts only its own signature, for the same key, user and expiry, until it expires', () => {
    let now = new Date('2026-05-03T00:00:00Z');
    const signer = new FileUrlSigner('secret-a', () => now);
    const { url, expiresAt } = signer.sign('private/7/documents/x.pdf', 7, 600);
    expect(expiresAt.toISOString()).toBe('2026-05-03T00:10:00.000Z');
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(signer.check('private/7/documents/x.pdf', query)).toEqual({ ok: true, userId: 7 });
    expect(signer.check('private/7/documents/y.pdf', query)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.check('private/7/documents/x.pdf', { ...query, uid: '8' })).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.check('private/7/documents/x.pdf', { ...query, exp: String(Number(query.exp) + 3600) })).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.check('private/7/documents/x.pdf', { ...query, sig: 'zz' })).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.check('private/7/documents/x.pdf', {})).toEqual({ ok: false, reason: 'missing' });
    expect(new FileUrlSigner('secret-b', () => now).check('private/7/documents/x.pdf', query)).toEqual({ ok: false, reason: 'invalid' });
    now = new Date('2026-05-03T00:10:00Z');
    expect(signer.check('private/7/documents/x.pdf', query)).toEqual({ ok: false, reason: 'expired' });
  });

  it('never lets a public-looking key climb into the private namespace of the local store', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'xueba-files-'));
    try {
      const store = new LocalFileStorage(root, new FileUrlSigner('s', () => new Date()));
      await store.put('private/7/documents/2026/05/x.pdf', Buffer.from('%PDF-1.4'));
      for (const climb of ['public/../private/7/documents/2026/05/x.pdf', 'public/images/../../private/7/documents/2026/05/x.pdf', 'public/./x.pdf', 'images//x.png']) {
        expect(fileAccess(climb).visibility).toBe('public');
        expect(await store.open(climb)).toBeNull();
      }
      expect(await store.open('private/7/documents/2026/05/x.pdf')).not.toBeNull();
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

/** Documents are private files; avatars and other public images are not (decision 0017). */
describe('GET /files: private documents, public images', () => {
  let t: TestApp;
  let owner: { token: string; id: number };
  let other: string;
  let docId: number;
  let key: string;
  // Recognised as a PDF by its header; these tests never parse it.
  const pdf = Buffer.from('%PDF-1.4\n% a private document\n%%EOF\n');

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    const admin = (await makeUser(t.app, { role: 'admin' })).token;
    const member = await memberUser(t.app, admin);
    owner = { token: member.token, id: member.user.id };
    other = (await memberUser(t.app, admin)).token;
    const up = await uploadDocs(t.app, owner.token, [{ filename: 'paper.pdf', data: pdf }]);
    docId = up.body.data.files[0]!.doc!.id;
    key = [...t.storage.files.keys()].find((k) => k.endsWith('.pdf'))!;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
  const fileUrl = async (token: string, id = docId) => callApi(t.app, api.docFileUrl, { token, query: { id: String(id) } });

  it('stores a document under its owner in the private namespace and refuses it without credentials', async () => {
    expect(key).toMatch(new RegExp(`^private/${owner.id}/documents/\\d{4}/\\d{2}/[A-Za-z0-9_-]+\\.pdf$`));
    const anonymous = await get(`/files/${key}`);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ code: 0, show: 1, msg: 'You do not have permission' });
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });

  it('serves the owner through a signed URL from the API, never cached', async () => {
    const signed = await fileUrl(owner.token);
    expect(signed.status).toBe(200);
    const data = docFileUrlSchema.parse(signed.body.data);
    expect(data.url.startsWith(`/files/${key}?`)).toBe(true);
    expect(new Date(data.expires_at).getTime() - t.clock.now().getTime()).toBeGreaterThan(590_000);
    const served = await get(data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(pdf)).toBe(true);
    // The owner's own session also opens a key that names them.
    const bySession = await get(`/files/${key}`, { token: owner.token });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.headers['cache-control']).toBe('private, no-store');
    // The session-authenticated API download is not cached either.
    const api = await get(`/api/doc/file?id=${docId}`, { token: owner.token });
    expect(api.statusCode).toBe(200);
    expect(api.headers['cache-control']).toBe('private, no-store');
  });

  it("refuses another user's session, their request for a URL, and a URL signed for them", async () => {
    expect((await get(`/files/${key}`, { token: other })).statusCode).toBe(403);
    expect((await fileUrl(other)).status).toBe(404);
    // A URL validly signed for a different user does not open a key that names its owner.
    const foreign = await t.owned.ctx.storage.privateUrl(key, { userId: owner.id + 1000, ttlSeconds: 600 });
    expect((await get(foreign.url)).statusCode).toBe(403);
  });

  it('refuses a tampered signature, user or expiry, and the signature of one file on another', async () => {
    const { url } = (await fileUrl(owner.token)).body.data;
    const parsed = new URL(url, 'http://x');
    const tamper = (name: string, value: string) => {
      const copy = new URL(parsed);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    const sig = parsed.searchParams.get('sig')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    for (const forged of [tamper('sig', flipped), tamper('sig', 'nothex'), tamper('uid', String(owner.id + 1)), tamper('exp', String(Number(parsed.searchParams.get('exp')) + 86_400))]) {
      const answer = await get(forged);
      expect(answer.statusCode, forged).toBe(403);
      expect(answer.json()).toMatchObject({ code: 0, msg: 'You do not have permission' });
    }
    const second = await uploadDocs(t.app, owner.token, [{ filename: 'notes.txt', data: Buffer.from('Some notes to read later.') }]);
    const secondKey = [...t.storage.files.keys()].find((k) => k.endsWith('.txt'))!;
    expect(second.body.data.files[0]!.ok).toBe(true);
    expect((await get(`/files/${secondKey}${parsed.search}`)).statusCode).toBe(403);
  });

  it('refuses a signed URL once it has expired, saying so in the user language', async () => {
    const { url } = (await fileUrl(owner.token)).body.data;
    t.clock.advance(601_000);
    const expired = await get(url, { 'accept-language': 'zh' });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 0, msg: '文件链接已过期，请重新打开' });
    const fresh = (await fileUrl(owner.token)).body.data.url;
    expect((await get(fresh)).statusCode).toBe(200);
  });

  it('keeps a document stored under a key from before the split private, and reachable by its owner', async () => {
    const legacy = 'documents/2025/01/legacy-document-key.pdf';
    await t.owned.ctx.storage.put(legacy, pdf, 'application/pdf');
    await sql`UPDATE documents SET storage_key = ${legacy} WHERE id = ${docId}`.execute(t.owned.ctx.db);
    expect((await get(`/files/${legacy}`)).statusCode).toBe(403);
    // No owner in the key, so a session alone does not open it; the signed URL does.
    expect((await get(`/files/${legacy}`, { token: owner.token })).statusCode).toBe(403);
    const { url } = (await fileUrl(owner.token)).body.data;
    expect(url.startsWith(`/files/${legacy}?`)).toBe(true);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect((await fileUrl(other)).status).toBe(404);
  });

  it('serves avatars and other uploaded images to anyone, cached publicly, legacy keys included', async () => {
    const body = multipart([{ name: 'file', filename: 'me.png', type: 'image/png', data: PNG }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/upload/image', headers: { 'content-type': body.contentType, token: owner.token }, payload: body.payload });
    const { uri } = (up.json() as Envelope<{ uri: string }>).data;
    expect(uri).toMatch(/^\/files\/public\/images\//);
    const saved = await callApi(t.app, api.setInfo, { token: owner.token, body: { avatar: uri } });
    expect(saved.status).toBe(200);
    const served = await get(uri);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    await t.owned.ctx.storage.put('images/2025/01/old-avatar.png', PNG, 'image/png');
    const old = await get('/files/images/2025/01/old-avatar.png');
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/files/public/images/2025/01/missing.png')).statusCode).toBe(404);
    // An encoded climb out of the public namespace reaches nothing.
    const climb = await get(`/files/public/images/..%2F..%2F${key.replace(/\//g, '%2F')}`);
    expect(climb.statusCode).toBe(404);
    expect(climb.rawPayload.includes(pdf)).toBe(false);
  });
});
