import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertContract, callApi, createTestApp, ON_POSTGRES, type TestApp } from './helpers.js';

describe('the API test helper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens the database engine the run asks for, so the thread run is not the in-process run again', () => {
    const onThread = !ON_POSTGRES && ['1', 'true'].includes(process.env.PGLITE_THREAD ?? '');
    expect(t.owned.database.kind).toBe(ON_POSTGRES ? 'postgres' : 'pglite');
    expect(t.owned.database.thread !== undefined).toBe(onThread);
  });

  it('passes an answer that matches the contract', async () => {
    const config = await callApi(t.app, api.config);
    expect(config.status).toBe(200);
    expect(config.body.code).toBe(1);
  });

  it('fails a success whose data the endpoint\'s response schema refuses', () => {
    const endpoint = { ...api.config, response: z.object({ never_sent: z.string() }) };
    expect(() => assertContract(endpoint, { code: 1, data: {}, show: 0, msg: '' })).toThrow(/data does not match the contract/);
  });

  it('fails an envelope of the wrong shape, and checks no data on a refusal', () => {
    expect(() => assertContract(api.config, { code: 1, data: {} })).toThrow(/envelope does not match/);
    expect(() => assertContract(api.config, { code: 0, data: null, show: 1, msg: 'no' })).not.toThrow();
  });
});
