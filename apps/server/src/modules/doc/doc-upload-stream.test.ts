import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_UPLOAD_MAX_BYTES } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { memberUser } from '../../test/doc-fixture.js';
import { FileUrlSigner } from '../../providers/storage/signed-url.js';
import { LocalFileStorage } from '../../providers/storage/storage.js';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/**
 * A multipart body sent as a stream, one 64 KiB piece at a time, counting
 * what has left the client: the test compares that with what reached the store.
 */
function streamedUpload(size: number, fill: (i: number) => number, filename: string) {
  const boundary = `----xueba${Math.random().toString(16).slice(2)}`;
  const sent = { bytes: 0 };
  const hash = createHash('sha256');
  async function* body(): AsyncGenerator<Buffer> {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nliterature\r\n`);
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`);
    const head = Buffer.from('%PDF-1.4\n% a large document\n');
    hash.update(head);
    sent.bytes += head.length;
    yield head;
    for (let at = head.length; at < size; at += CHUNK) {
      const piece = Buffer.alloc(Math.min(CHUNK, size - at), fill(at));
      hash.update(piece);
      sent.bytes += piece.length;
      // Let the server read between pieces, as a socket would.
      await new Promise((resolve) => setImmediate(resolve));
      yield piece;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(body(), { objectMode: false }), contentType: `multipart/form-data; boundary=${boundary}`, sent, sha256: () => hash.digest('hex') };
}

/** Streamed uploads (decision 0033): a 20 MB document flows to the store while it arrives, and is never held whole by the server. */
describe('document upload: streaming', () => {
  let t: TestApp;
  let token: string;
  let dir: string;
  let disk: LocalFileStorage;
  /** The most bytes that had left the client but not reached the store, over the upload. */
  let maxInFlight = 0;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    const admin = (await makeUser(t.app, { role: 'admin' })).token;
    token = (await memberUser(t.app, admin)).token;
    // The test app's store keeps files in memory; these tests write to a directory so that the store holds nothing either.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-stream-'));
    disk = new LocalFileStorage(dir, new FileUrlSigner('stream-test-secret', () => new Date()));
    t.storage.open = disk.open.bind(disk);
    t.storage.stat = disk.stat.bind(disk);
    t.storage.remove = disk.remove.bind(disk);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function watchStore(sent: { bytes: number }): { stored: () => number } {
    let stored = 0;
    maxInFlight = 0;
    t.storage.putStream = async (key, stream) => {
      async function* tap(): AsyncGenerator<Buffer> {
        for await (const chunk of stream) {
          const bytes = Buffer.from(chunk as Uint8Array);
          stored += bytes.length;
          maxInFlight = Math.max(maxInFlight, sent.bytes - stored);
          yield bytes;
        }
      }
      await disk.putStream(key, Readable.from(tap(), { objectMode: false }));
    };
    return { stored: () => stored };
  }

  async function send(upload: ReturnType<typeof streamedUpload>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/doc/upload',
      headers: { 'content-type': upload.contentType, token, 'accept-language': 'en' },
      payload: upload.payload,
    });
    return response.json() as { data: { files: { ok: boolean; error: string | null; msg: string | null; doc: { id: number; size: number } | null }[] } };
  }

  it('stores a 20 MB upload as it arrives: the store is never more than a few pieces behind the client', async () => {
    const size = DOC_UPLOAD_MAX_BYTES;
    const upload = streamedUpload(size, (at) => (at / CHUNK) % 251, 'big.pdf');
    const watch = watchStore(upload.sent);
    const body = await send(upload);
    const file = body.data.files[0]!;
    expect(file).toMatchObject({ ok: true, doc: { size } });
    expect(watch.stored()).toBe(size);
    // Held in flight: busboy's and the pipe's buffers, a few pieces; a buffered upload would show the whole 20 MB here.
    expect(maxInFlight).toBeLessThan(2 * MB);
    const row = await t.owned.ctx.db.selectFrom('documents').select(['sha256', 'storage_key']).where('id', '=', file.doc!.id).executeTakeFirst();
    expect(row?.sha256).toBe(upload.sha256());
    const stored = fs.readFileSync(path.join(dir, ...row!.storage_key.split('/')));
    expect(stored.length).toBe(size);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(row!.sha256);
  }, 120_000);

  it('refuses a file one byte past 20 MB as it passes the limit, leaving nothing in the store', async () => {
    const upload = streamedUpload(DOC_UPLOAD_MAX_BYTES + 1, () => 0x41, 'big.pdf');
    watchStore(upload.sent);
    const body = await send(upload);
    expect(body.data.files[0]).toMatchObject({ ok: false, error: 'file_too_large', msg: 'The file may not exceed 20 MB' });
    // Only the first test's document: no half-written file, no refused one.
    expect(listFiles(dir)).toHaveLength(1);
  }, 120_000);
});

function listFiles(root: string): string[] {
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()) : [];
}
