import { api as contract, type SaveSmsBody } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { aliyunReply, FakeSmsApi, tencentError } from '../../test/fake-sms.js';

let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `10.3.0.${(ipCounter += 1)}` });

const ALIYUN: SaveSmsBody = {
  enabled: true,
  provider: 'aliyun',
  access_key_id: 'LTAI-admin',
  access_key_secret: 'admin-secret-value',
  sign_name: '学霸',
  region: 'cn-shanghai',
  template_default: 'SMS_DEFAULT',
  templates: { login: 'SMS_LOGIN', register: '', find_password: '', bind_mobile: '', change_mobile: '' },
  template_params: ['code'],
};

/** Admin → SMS: settings over the environment, the secret never shown, test messages through the SDKs against a local fake provider. */
describe('admin SMS settings', () => {
  let t: TestApp;
  let fake: FakeSmsApi;
  let admin: string;

  beforeAll(async () => {
    fake = await FakeSmsApi.start();
    // The environment keeps the development log provider: the admin's settings turn real SMS on.
    t = await createTestApp({ TRUST_PROXY: '1', SMS_ENDPOINT: fake.url, SMS_SIGN_NAME: 'EnvSign' });
    admin = (await makeUser(t.app, { role: 'admin' })).token;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const read = () => callApi(t.app, contract.adminSmsSettings, { token: admin, locale: 'en' });
  const save = (body: SaveSmsBody, locale = 'en') => callApi(t.app, contract.adminSmsSave, { token: admin, body, locale });
  const test = (mobile: string) => callApi(t.app, contract.adminSmsTest, { token: admin, body: { mobile }, locale: 'en' });

  it('is for administrators only', async () => {
    const user = (await makeUser(t.app)).token;
    expect((await callApi(t.app, contract.adminSmsSettings, { token: user })).status).toBe(403);
    expect((await callApi(t.app, contract.adminSmsTest, { token: user, body: { mobile: '13800000000' } })).status).toBe(403);
  });

  it('shows the environment read-only before anything is saved, and sends by the log', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ source: 'env', settings: null, delivers: false, env: { provider: 'log', sign_name: 'EnvSign', secret_set: false } });
    const sent = await test('13800000001');
    expect(sent.body.data).toMatchObject({ ok: true, provider: 'log', code: 'logged', failure: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses enabled settings of a real provider that cannot send, with the reason in the admin\'s language', async () => {
    const res = await save({ ...ALIYUN, access_key_secret: undefined, sign_name: '' }, 'zh');
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('签名');
    const noTemplate = await save({ ...ALIYUN, template_default: '', templates: { ...ALIYUN.templates!, login: 'SMS_LOGIN' } });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.msg).toContain('a template for every scene');
    expect((await read()).body.data.settings).toBeNull();
  });

  it('saves Alibaba Cloud settings over the environment; the secret is sealed and never comes back', async () => {
    const res = await save(ALIYUN);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body) + JSON.stringify((await read()).body);
    expect(text).not.toContain('admin-secret-value');
    expect(res.body.data).toMatchObject({ source: 'settings', delivers: true, settings: { enabled: true, provider: 'aliyun', access_key_id: 'LTAI-admin', secret_set: true, region: 'cn-shanghai', templates: { login: 'SMS_LOGIN' } } });
    const stored = await t.app.ctx.db.selectFrom('settings').select('value').where('key', '=', 'sms').executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.value)).not.toContain('admin-secret-value');
  });

  it('sends a test message through the Alibaba Cloud SDK to the number entered and reports the answer', async () => {
    fake.requests.length = 0;
    const res = await test('13800000002');
    expect(res.body.data).toMatchObject({ ok: true, provider: 'aliyun', code: 'OK', message: 'OK', failure: null });
    expect(fake.last()).toMatchObject({ action: 'SendSms', params: { PhoneNumbers: '13800000002', SignName: '学霸', TemplateCode: 'SMS_LOGIN' } });
    // Signed with the saved key id (the SDK's signature names it).
    expect(String(fake.last().headers.authorization)).toContain('LTAI-admin');
    const row = await t.app.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', '13800000002').executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });

  it('reports a provider refusal with its code and kind', async () => {
    fake.reply(aliyunReply('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号'));
    const res = await test('13800000003');
    expect(res.body.data).toMatchObject({ ok: false, provider: 'aliyun', code: 'isv.MOBILE_NUMBER_ILLEGAL', message: '非法手机号', failure: 'invalid_number' });
  });

  it('verification codes follow the saved provider at once; a blank secret keeps the stored one', async () => {
    const res = await save({ ...ALIYUN, provider: 'tencent', access_key_id: 'AKID-admin', access_key_secret: null, region: '', sdk_app_id: '1400000001', template_params: ['code', 'minutes'] });
    expect(res.status).toBe(200);
    expect(res.body.data.settings).toMatchObject({ provider: 'tencent', secret_set: true, sdk_app_id: '1400000001' });
    const sent = await callApi(t.app, contract.sendSmsCode, { body: { mobile: '13800000004', scene: 'register' }, locale: 'en', headers: freshIp() });
    expect(sent.status).toBe(200);
    expect(fake.last()).toMatchObject({ action: 'SendSms', params: { PhoneNumberSet: ['+8613800000004'], SmsSdkAppId: '1400000001', SignName: '学霸', TemplateId: 'SMS_DEFAULT' } });
    expect((fake.last().params.TemplateParamSet as string[])[1]).toMatch(/^\d+$/);
    // The Tencent SDK signs with the kept secret: the fake cannot check it, but the request names the saved id.
    expect(String(fake.last().headers.authorization)).toContain('AKID-admin');
    fake.reply(tencentError('AuthFailure.SecretIdNotFound', 'The SecretId is not found'));
    expect((await test('13800000005')).body.data).toMatchObject({ ok: false, provider: 'tencent', code: 'AuthFailure.SecretIdNotFound', failure: 'auth' });
  });

  it('disabled settings are kept but the environment sends again; the outbox page follows', async () => {
    const res = await save({ ...ALIYUN, enabled: false, access_key_secret: undefined });
    expect(res.body.data).toMatchObject({ source: 'env', delivers: false, settings: { enabled: false, secret_set: true } });
    fake.requests.length = 0;
    expect((await test('13800000006')).body.data).toMatchObject({ ok: true, provider: 'log' });
    expect(fake.requests).toHaveLength(0);
    // An empty secret removes it.
    const cleared = await save({ ...ALIYUN, enabled: false, access_key_secret: '' });
    expect(cleared.body.data.settings?.secret_set).toBe(false);
  });

  it('another process sees a change through the bus without a restart', async () => {
    await save(ALIYUN);
    const service = t.app.services.sms;
    // What a second process's cache holds is dropped by the bus message that the save published.
    await t.app.ctx.bus.publish('settings', 'sms');
    expect((await service.current()).name).toBe('aliyun');
    await t.app.ctx.db.updateTable('settings').set({ value: JSON.stringify({ ...(await t.app.ctx.db.selectFrom('settings').select('value').where('key', '=', 'sms').executeTakeFirstOrThrow()).value as object, enabled: false }) }).where('key', '=', 'sms').execute();
    expect((await service.current()).name).toBe('aliyun');
    await t.app.ctx.bus.publish('settings', 'sms');
    expect((await service.current()).name).toBe('log');
  });
});
