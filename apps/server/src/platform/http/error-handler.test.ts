import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, envelopeSchema } from '@xueba/contract';
import { z } from 'zod';
import { AppError, unauthorized } from '../errors.js';
import { installErrorHandler } from './error-handler.js';

/**
 * Every refusal names its message key beside the translated `msg`, so a
 * client can tell a balance refusal from a rate limit in any language.
 */
describe('error envelope key', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/balance', () => {
      throw new AppError('insufficient_conversation_balance', 402);
    });
    app.get('/expired', () => {
      throw unauthorized();
    });
    app.get('/boom', () => {
      throw new Error('database on fire');
    });
    app.post('/json', () => null);
    app.setValidatorCompiler(validatorCompiler);
    app.post('/form', { schema: { body: z.object({ name: z.string().min(1, 'validation_failed'), offers: z.array(z.object({ price: z.number().int().min(0, 'validation_failed') })) }) } }, () => null);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const refusal = envelopeSchema(z.unknown());

  it('carries the key of an app error, with the translated message and the status', async () => {
    const res = await app.inject({ method: 'GET', url: '/balance', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(402);
    const body = refusal.parse(res.json());
    expect(body).toMatchObject({ code: Code.FAIL, show: 1, key: 'insufficient_conversation_balance' });
    expect(body.msg).not.toBe(body.key);
    const zh = refusal.parse((await app.inject({ method: 'GET', url: '/balance', headers: { 'accept-language': 'zh' } })).json());
    expect(zh.key).toBe('insufficient_conversation_balance');
    expect(zh.msg).not.toBe(body.msg);
  });

  it('carries the key of a login failure, of a framework error and of an unknown fault', async () => {
    expect((await app.inject({ method: 'GET', url: '/expired' })).json()).toMatchObject({ code: Code.LOGIN_FAILURE, key: 'login_expired' });
    const malformed = await app.inject({ method: 'POST', url: '/json', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: Code.FAIL, key: 'malformed_json' });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toMatchObject({ code: Code.FAIL, key: 'server_exception' });
    expect(JSON.stringify(boom.json())).not.toContain('database on fire');
  });

  it('names the field a validation failure is about, so a form can mark it', async () => {
    const res = await app.inject({ method: 'POST', url: '/form', headers: { 'accept-language': 'en' }, payload: { name: 'a', offers: [{ price: 1 }, { price: -1 }] } });
    expect(res.statusCode).toBe(400);
    const body = refusal.parse(res.json());
    expect(body).toMatchObject({ key: 'validation_failed', data: { field: 'offers.1.price' } });
    expect(body.msg).toContain('offers.1.price');
  });
});
