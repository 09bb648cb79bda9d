import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { createTestApp, type TestApp, callApi } from '../../test/helpers.js';

/**
 * Mail over a real SMTP conversation: nodemailer (the product's transport)
 * talks to an in-process smtp-server; the received message is parsed back
 * with postal-mime, and the code in it is used like a person would.
 */
describe('verification mail over SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: Buffer }[] = [];
  const logins: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username ?? ''}:${auth.password ?? ''}`);
        callback(null, { user: auth.username });
      },
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce')) {
          callback(Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://user:pass@127.0.0.1:${port}`, SMTP_FROM: 'Xueba <no-reply@xueba.test>' });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the register code by SMTP; the code from the mail registers, and the password then signs in', async () => {
    const email = 'smtp.reader@example.com';
    const sent = await callApi(t.app, api.sendEmailCode, { body: { email, scene: 'register' }, locale: 'en' });
    expect(sent.status).toBe(200);
    expect(logins).toContain('user:pass');
    const message = received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    const parsed = await PostalMime.parse(message!.raw);
    expect(parsed.subject).toBe('Your 学霸 Xueba verification code');
    expect(parsed.from?.address).toBe('no-reply@xueba.test');
    expect(parsed.text).toContain('valid for 5 minutes');
    const code = parsed.text?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(parsed.html).toContain(code);
    const outbox = await t.app.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ status: 'sent', error: null });
    // Delivered by SMTP, and still masked in the admin outbox.
    expect(outbox.body).not.toContain(code);
    expect(outbox.body).toContain('••••••');

    const registered = await callApi(t.app, api.register, { body: { email, code, password: 'read3r-pass', password_confirm: 'read3r-pass' }, locale: 'en' });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ code: 1, msg: 'Account created' });

    const signedIn = await callApi(t.app, api.login, { body: { scene: 1, account: email, password: 'read3r-pass', terminal: 'pc' }, locale: 'en' });
    expect(signedIn.body).toMatchObject({ code: 1, msg: 'Signed in' });
    const info = await callApi(t.app, api.info, { token: signedIn.body.data.token });
    expect(info.body.data.email).toBe(email);
  });

  it('answers send_failed (502) when the SMTP server refuses the recipient, and the code is dead', async () => {
    const email = 'bounce@example.com';
    // What nodemailer was handed, to prove the undelivered code is dead.
    const smtpTransport = t.app.ctx.mail;
    const handed: string[] = [];
    t.app.ctx.mail = {
      name: smtpTransport.name,
      delivers: true,
      close: () => smtpTransport.close(),
      send: (message) => {
        handed.push(message.secret ?? '');
        return smtpTransport.send(message);
      },
    };
    const res = await callApi(t.app, api.sendEmailCode, { body: { email, scene: 'register' }, locale: 'zh' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 0, msg: '发送失败，请稍后再试' });
    const row = await t.app.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toContain('mailbox unavailable');
    const codes = await t.app.ctx.db.selectFrom('verification_codes').selectAll().where('target', '=', email).execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]?.consumed_at).not.toBeNull();
    t.app.ctx.mail = smtpTransport;
    const code = handed[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(row.body).not.toContain(code);
    const register = await callApi(t.app, api.register, { body: { email, code, password: 'abc123', password_confirm: 'abc123' }, locale: 'en' });
    expect(register.status).toBe(400);
    expect(register.body.msg).toBe('The verification code is wrong or no longer valid');
  });
});
