import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { DocItem, DocUploadResponse, Envelope } from '@xueba/contract';
import { call, createTestApp, makeUser, type TestApp } from './helpers.js';
import { listen } from './sse-client.js';

/** The shared test corpus: `../shared/data/documents` beside the repository. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const CORPUS = path.resolve(REPO_ROOT, '../shared/data/documents');

export function corpusFile(relative: string): Buffer {
  return fs.readFileSync(path.join(CORPUS, relative));
}

export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----xuebadoc${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function uploadDocs(
  app: FastifyInstance,
  token: string,
  files: { filename: string; data: Buffer }[],
  options: { type?: string; locale?: string } = {},
): Promise<{ status: number; body: Envelope<DocUploadResponse> }> {
  const parts: Part[] = [];
  if (options.type !== '') parts.push({ name: 'type', value: options.type ?? 'literature' });
  for (const f of files) parts.push({ name: 'file[]', filename: f.filename, data: f.data });
  const body = multipart(parts);
  const response = await app.inject({
    method: 'POST',
    url: '/api/doc/upload',
    headers: { 'content-type': body.contentType, token, 'accept-language': options.locale ?? 'en' },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as Envelope<DocUploadResponse> };
}

/** A signed-in user holding the given document memberships (granted by an admin through the real endpoint). */
export async function memberUser(app: FastifyInstance, adminToken: string, kinds: string[] = ['literature', 'research_report']) {
  const user = await makeUser(app);
  for (const kind of kinds) {
    const granted = await call(app, 'POST', '/admin/user/membership', { token: adminToken, body: { user_id: user.user.id, kind, level: 'vip', months: 0 } });
    if (granted.status !== 200) throw new Error(`grant failed: ${JSON.stringify(granted.body)}`);
  }
  return user;
}

/** Uploads one file and drives the jobs until it is processed. */
export async function completeDoc(t: TestApp, token: string, filename: string, data: Buffer, type = 'literature'): Promise<DocItem> {
  const up = await uploadDocs(t.app, token, [{ filename, data }], { type });
  const id = up.body.data.files[0]!.doc!.id;
  for (let i = 0; i < 200; i += 1) {
    await t.app.services.jobs.drain();
    const detail = await call<DocItem>(t.app, 'GET', '/doc/detail', { token, query: { id: String(id) } });
    if (detail.body.data.status !== 'processing') return detail.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('document did not finish processing');
}

/**
 * A fresh app on the offline channel (no model) with jobs driven by the test, a
 * research-report member, and one processed document of theirs.
 */
export async function offlineDocApp(filename: string, data: Buffer): Promise<{ t: TestApp; base: string; token: string; doc: DocItem }> {
  const t = await createTestApp({ JOBS_POLL_MS: '0' });
  const base = await listen(t.app);
  const admin = (await makeUser(t.app, { role: 'admin' })).token;
  const token = (await memberUser(t.app, admin, ['research_report'])).token;
  const doc = await completeDoc(t, token, filename, data, 'research_report');
  return { t, base, token, doc };
}
