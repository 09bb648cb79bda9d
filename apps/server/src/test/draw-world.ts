import { api, type DrawRecord } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type Called, type TestApp } from './helpers.js';
import { startDrawPeers, type DrawPeers, type PeerOptions } from './draw-peers/index.js';
import { until } from './sse-client.js';

/** What a drawing test needs: the app pointed at the three protocol peers, and a user with drawing counts. */
export interface DrawWorld {
  t: TestApp;
  peers: DrawPeers;
  close(): Promise<void>;
}

export async function startDrawWorld(options: { peer?: PeerOptions; env?: Record<string, string>; databaseUrl?: string; peers?: DrawPeers } = {}): Promise<DrawWorld> {
  const peers = options.peers ?? (await startDrawPeers({ msPerPicture: 300, progressSteps: 3, retryAfterSeconds: 0, ...options.peer }));
  const t = await createTestApp({ JOBS_POLL_MS: '25', ...peers.env, ...options.env }, options.databaseUrl ? { databaseUrl: options.databaseUrl } : {});
  return {
    t,
    peers,
    close: async () => {
      await t.close();
      if (!options.peers) await peers.close();
    },
  };
}

export async function drawUser(t: TestApp, counts: number): Promise<{ id: number; token: string }> {
  const { user, token } = await makeUser(t.app);
  const balance = await drawBalance(t, user.id);
  const delta = counts - balance;
  if (delta !== 0) await t.app.services.ledger.apply([{ userId: user.id, asset: 'drawing_count', delta, reason: 'test', refType: 'test' }]);
  return { id: user.id, token };
}

export async function drawBalance(t: TestApp, userId: number): Promise<number> {
  return (await t.app.services.ledger.balances(userId)).drawing_count ?? 0;
}

export function submit(t: TestApp, token: string, body: Record<string, unknown>): Promise<Called<{ id: number; position: number; cost: number }>> {
  return callApi(t.app, api.drawSubmit, { token, body: { family: 'openai', prompt: 'a red apple on a table', size: '1024x1024', ...body } });
}

export async function detail(t: TestApp, token: string, id: number, locale = 'en'): Promise<DrawRecord> {
  const res = await callApi(t.app, api.drawDetail, { token, query: { id: String(id) }, locale });
  if (res.status !== 200) throw new Error(`detail ${id}: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

/** Waits until the job reaches one of `statuses`, and answers it. */
export async function waitFor(t: TestApp, token: string, id: number, statuses: DrawRecord['status'][], ms = 15_000): Promise<DrawRecord> {
  let last: DrawRecord | undefined;
  await until(async () => {
    last = await detail(t, token, id);
    return statuses.includes(last.status);
  }, ms);
  return last!;
}

/** Ledger rows of one drawing (charge and refund). */
export async function ledgerOf(t: TestApp, id: number): Promise<{ delta: number; key: string | null }[]> {
  const rows = await t.owned.ctx.db.selectFrom('ledger').select(['delta', 'idempotency_key']).where('ref_type', '=', 'draw').where('ref_id', '=', String(id)).orderBy('id').execute();
  return rows.map((r) => ({ delta: Number(r.delta), key: r.idempotency_key }));
}

/** `POST /upload/image` with one file, as the page's reference-image picker sends it; answers the envelope's data or throws. */
export async function uploadImage(t: TestApp, token: string, data: Buffer, filename = 'ref.png', type = 'image/png'): Promise<{ status: number; uri: string | null }> {
  const boundary = `----draw${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/upload/image', headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  const body = response.json() as { data: { uri: string } | null };
  return { status: response.statusCode, uri: body.data?.uri ?? null };
}
