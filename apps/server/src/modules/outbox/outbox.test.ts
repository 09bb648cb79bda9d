import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import type { MailTransport } from '../../providers/mail/mail.js';
import { OutboxService } from './outbox.service.js';

describe('outbox: every mail and SMS is recorded with its delivery status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs mail without a transport, records sent and failed with a transport, and lists newest first per channel', async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(`info ${line}`), warn: (line: string) => lines.push(`warn ${line}`) };
    const logged = await new OutboxService(t.app.ctx, log).sendMail({ to: 'a@example.com', subject: 'Hello', text: 'code 123456', secret: '123456' });
    expect(logged.status).toBe('logged');
    expect(logged.row.body).toBe('code ••••••');
    // The log-only transport prints the whole mail to the server log (development); the outbox log adds nothing.
    expect(t.logs).toContain('Mail to a@example.com: Hello\ncode 123456');
    expect(lines).toEqual([]);

    const sentMail: string[] = [];
    const working: MailTransport = { name: 'fake', delivers: true, send: async (m) => void sentMail.push(m.to), close: async () => undefined };
    const sent = await new OutboxService({ ...t.app.ctx, mail: working }, log).sendMail({ to: 'b@example.com', subject: 'Hi', text: 'x 424242 x', secret: '424242' });
    // Delivered by SMTP or not, the outbox keeps the code masked.
    expect(sent.row).toMatchObject({ status: 'sent', error: null, recipient: 'b@example.com', body: 'x •••••• x' });
    expect(lines).toEqual(['info mail to b@example.com: Hi']);
    expect(sentMail).toEqual(['b@example.com']);

    const broken: MailTransport = { name: 'fake', delivers: true, send: async () => Promise.reject(new Error('connection refused')), close: async () => undefined };
    const failed = await new OutboxService({ ...t.app.ctx, mail: broken }, log).sendMail({ to: 'c@example.com', subject: 'Hey', text: 'y' });
    expect(failed.row).toMatchObject({ status: 'failed', error: 'connection refused' });
    expect(lines.at(-1)).toBe('warn mail to c@example.com failed: Hey: connection refused');

    const outbox = new OutboxService(t.app.ctx);
    const sms = await outbox.sendSms({ to: '13600000000', text: 'sms 654321', params: { code: '654321' }, secret: '654321' });
    expect(sms.row).toMatchObject({ channel: 'sms', status: 'logged', subject: '', body: 'sms ••••••' });
    expect(t.logs).toContain('SMS to 13600000000: sms 654321');

    const all = await outbox.list({ limit: 2, offset: 0 });
    expect(all.count).toBe(4);
    expect(all.rows.map((r) => r.recipient)).toEqual(['13600000000', 'c@example.com']);
    const page2 = await outbox.list({ limit: 2, offset: 2 });
    expect(page2.rows.map((r) => r.recipient)).toEqual(['b@example.com', 'a@example.com']);
    const emails = await outbox.list({ channel: 'email', limit: 10, offset: 0 });
    expect(emails.count).toBe(3);
    expect(emails.rows.every((r) => r.channel === 'email')).toBe(true);
    expect((await outbox.list({ channel: 'sms', limit: 10, offset: 0 })).count).toBe(1);
    expect(outbox.transports()).toEqual({ email: false, sms: false });
  });

  it('in production the log-only transports mask the code in the server log as well', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const outbox = new OutboxService(prod.app.ctx);
      const mail = await outbox.sendMail({ to: 'p@example.com', subject: 'Code', text: 'Your code is 135790.', secret: '135790' });
      const sms = await outbox.sendSms({ to: '13600000001', text: 'Code 246802', params: { code: '246802' }, secret: '246802' });
      expect([mail.status, sms.status]).toEqual(['logged', 'logged']);
      expect(prod.logs).toEqual(['Mail to p@example.com: Code\nYour code is ••••••.', 'SMS to 13600000001: Code ••••••']);
      expect([mail.row.body, sms.row.body]).toEqual(['Your code is ••••••.', 'Code ••••••']);
    } finally {
      await prod.close();
    }
  });
});
