import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, requestStrings, type Endpoint, type Envelope, type FieldPath } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { memberUser, multipart, type Part } from '../../test/doc-fixture.js';
import { asQuery, sampleRequest } from '../../test/request-sample.js';

interface Sent {
  field: string;
  status: number;
  msg: string;
}

/**
 * A NUL in any string of any endpoint (PostgreSQL cannot store U+0000) is a
 * 400 with the validation message, never a 500. The list of endpoints and
 * their string fields comes from the contract itself, so a new endpoint is
 * covered the day it is added.
 */
describe('NUL bytes in request strings', () => {
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each request from its own address, so rate limits never answer before validation does. */
  const remoteAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  async function send(endpoint: Endpoint, token: string, target: { part: 'body' | 'query'; path: FieldPath; key: boolean }): Promise<{ status: number; msg: string }> {
    const body = endpoint.body ? sampleRequest(endpoint.body, target.part === 'body' ? target.path : null, target.key) : undefined;
    const query = endpoint.query ? asQuery(sampleRequest(endpoint.query, target.part === 'query' ? target.path : null, target.key)) : undefined;
    const response = await t.app.inject({
      method: endpoint.method,
      url: `/api${endpoint.path}`,
      remoteAddress: remoteAddress(),
      headers: { token, 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(query ? { query } : {}),
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const envelope = response.headers['content-type']?.toString().startsWith('application/json') ? (response.json() as Envelope<unknown>) : null;
    return { status: response.statusCode, msg: envelope?.msg ?? '' };
  }

  it('answers 400 "Invalid parameter" to a NUL in every string field of every endpoint, signed in as a user or the admin', async () => {
    const sent: Sent[] = [];
    let plausible = 0;
    let fields = 0;
    for (const [name, endpoint] of Object.entries(api) as [string, Endpoint][]) {
      const targets = (['body', 'query'] as const).flatMap((part) => {
        const schema: z.core.$ZodType | undefined = endpoint[part];
        return schema ? requestStrings(schema).strings.map((s) => ({ part, path: s.path, key: s.key })) : [];
      });
      if (targets.length === 0) continue;
      // A fresh account per endpoint: what one endpoint did to its caller (sign-out, deletion) cannot hide another's answer.
      const token = (await makeUser(t.app, { role: endpoint.auth === 'admin' ? 'admin' : 'user' })).token;
      for (const part of ['body', 'query'] as const) {
        const schema: z.core.$ZodType | undefined = endpoint[part];
        if (schema && z.safeParse(schema, part === 'query' ? asQuery(sampleRequest(schema, null)) : sampleRequest(schema, null)).success) plausible += 1;
      }
      for (const target of targets) {
        fields += 1;
        const answer = await send(endpoint, token, target);
        sent.push({ field: `${name}.${target.part}.${target.path.join('.')}${target.key ? ' (key)' : ''}`, ...answer });
      }
    }
    expect(sent.filter((s) => s.status >= 500)).toEqual([]);
    expect(sent.filter((s) => s.status !== 400 || !/^Invalid parameter|is required|invalid/i.test(s.msg))).toEqual([]);
    // The walk covers the API: 200-odd string fields of 50-odd requests, nearly all of them otherwise valid.
    expect(fields).toBeGreaterThan(150);
    expect(plausible).toBeGreaterThan(40);
  }, 300_000);

  it('refuses or drops a NUL in multipart fields, file names and contents, and in the parameters of routes outside the endpoint table', async () => {
    const admin = (await makeUser(t.app, { role: 'admin' })).token;
    const member = (await memberUser(t.app, admin)).token;
    const upload = async (url: string, token: string, parts: Part[]) => {
      const body = multipart(parts);
      const response = await t.app.inject({ method: 'POST', url, remoteAddress: remoteAddress(), headers: { token, 'content-type': body.contentType, 'accept-language': 'en' }, payload: body.payload });
      return { status: response.statusCode, body: response.json() as Envelope<unknown> };
    };
    const text = { name: 'file[]', filename: 'notes.txt', data: Buffer.from('A short note about graphs.') };
    expect((await upload('/api/doc/upload', member, [{ name: 'type', value: 'literature\u0000' }, text])).status).toBe(400);
    expect((await upload('/api/doc/upload?type=literature%00', member, [text])).status).toBe(400);
    // A NUL in a file name is dropped with the other control characters.
    const named = await upload('/api/doc/upload', member, [{ name: 'type', value: 'literature' }, { ...text, filename: 'no\u0000tes.txt' }]);
    expect([named.status, (named.body.data as { files: { name: string }[] }).files[0]!.name]).toEqual([200, 'notes.txt']);

    // A corpus record whose every string holds an (escaped) NUL imports without it.
    const record = { id: 's2\u0000x', title: 'Graph\u0000 search', paperAbstract: 'Ab\u0000stract', authors: [{ name: 'A\u0000 Author' }], venue: 'Ve\u0000nue', year: 2020, journalName: '', s2Url: 'https://example.com/\u0000' };
    const imported = await upload('/api/admin/paper/import', admin, [{ name: 'file', filename: 's2\u0000.jsonl', data: Buffer.from(JSON.stringify(record)) }]);
    expect([imported.status, imported.body.msg]).toEqual([200, '1 papers imported']);
    const found = await callApi(t.app, api.paperSearch, { token: member, query: { keyword: 'graph search' } });
    expect(found.body.data.lists.map((p) => p.title)).toContain('Graph search');

    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, remoteAddress: remoteAddress() })).statusCode;
    expect(await get('/api/promotion/poster?share_id=a%00b')).toBe(400);
    expect(await get('/api/doc/detail?id=1%00')).toBe(400);
    // Outside the public namespace a key needs credentials first; inside it, no such file.
    expect(await get('/files/a%00b.png')).toBe(403);
    expect(await get('/files/public/a%00b.png')).toBe(404);
    expect(await get('/api/login/google/callback?code=a%00b&state=c%00d')).toBeLessThan(500);
  }, 120_000);
});
