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
    const logged = await new OutboxService(t.app.ctx, log).sendMail({ to: 'a@example.com', subject: 'Hello', text: 'code 123456' });
    expect(logged.status).toBe('logged');
    expect(lines).toEqual(['info mail to a@example.com: Hello']);

    const sentMail: string[] = [];
    const working: MailTransport = { name: 'fake', send: async (m) => void sentMail.push(m.to), close: async () => undefined };
    const sent = await new OutboxService({ ...t.app.ctx, mail: working }, log).sendMail({ to: 'b@example.com', subject: 'Hi', text: 'x' });
    expect(sent.row).toMatchObject({ status: 'sent', error: null, recipient: 'b@example.com' });
    expect(sentMail).toEqual(['b@example.com']);

    const broken: MailTransport = { name: 'fake', send: async () => Promise.reject(new Error('connection refused')), close: async () => undefined };
    const failed = await new OutboxService({ ...t.app.ctx, mail: broken }, log).sendMail({ to: 'c@example.com', subject: 'Hey', text: 'y' });
    expect(failed.row).toMatchObject({ status: 'failed', error: 'connection refused' });
    expect(lines.at(-1)).toBe('warn mail to c@example.com failed: Hey: connection refused');

    const outbox = new OutboxService(t.app.ctx);
    const sms = await outbox.sendSms({ to: '13600000000', text: 'sms 654321', params: { code: '654321' } });
    expect(sms.row).toMatchObject({ channel: 'sms', status: 'logged', subject: '' });
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
});
