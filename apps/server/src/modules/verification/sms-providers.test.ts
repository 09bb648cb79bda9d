import { api as contract } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Called, type TestApp, callApi } from '../../test/helpers.js';
import { aliyunReply, FakeSmsApi, tencentReply } from '../../test/fake-sms.js';

function expectFail(res: Called<unknown>, status: number, msg: string): void {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status, code: 0, msg });
}

let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `10.2.0.${(ipCounter += 1)}` });

function sentCode(api: FakeSmsApi): string {
  const params = api.last().params;
  const raw = params.TemplateParam ?? (params.TemplateParamSet as string[] | undefined)?.[0];
  const code = typeof raw === 'string' && raw.startsWith('{') ? (JSON.parse(raw) as { code: string }).code : String(raw);
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

async function outboxRow(t: TestApp, recipient: string) {
  return t.app.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** A test app whose SMS provider is pointed at a fresh fake provider. */
async function startWithFakeProvider(env: Record<string, string>): Promise<{ t: TestApp; api: FakeSmsApi }> {
  const api = await FakeSmsApi.start();
  const t = await createTestApp({ TRUST_PROXY: '1', SMS_ACCESS_KEY_SECRET: 'secret', SMS_SIGN_NAME: '学霸', SMS_ENDPOINT: api.url, ...env });
  return { t, api };
}

async function stop(t: TestApp | undefined, api: FakeSmsApi | undefined): Promise<void> {
  await t?.close();
  await api?.close();
}

/** Codes by SMS through the official SDKs, pointed at a local server answering like the provider. */
describe('SMS codes through Alibaba Cloud (SMS_PROVIDER=aliyun)', () => {
  let t: TestApp;
  let api: FakeSmsApi;
  beforeAll(async () => {
    ({ t, api } = await startWithFakeProvider({ SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'LTAI-test', SMS_TEMPLATE: 'SMS_100', SMS_TEMPLATE_LOGIN: 'SMS_LOGIN' }));
  });
  afterAll(() => stop(t, api));

  it('sends a login code the user reads from the SMS and signs in with; the outbox says sent, code masked', async () => {
    const mobile = '13700000001';
    const sent = await callApi(t.app, contract.sendSmsCode, { body: { mobile, scene: 'login' }, locale: 'en', headers: freshIp() });
    expect(sent.status).toBe(200);
    expect(api.last()).toMatchObject({ action: 'SendSms', params: { PhoneNumbers: mobile, SignName: '学霸', TemplateCode: 'SMS_LOGIN' } });
    const code = sentCode(api);
    const row = await outboxRow(t, mobile);
    expect(row).toMatchObject({ channel: 'sms', status: 'sent', error: null });
    expect(row.body).not.toContain(code);
    expect(t.logs.some((line) => line.includes(code))).toBe(false);

    const login = await callApi(t.app, contract.login, { body: { scene: 2, account: mobile, code }, headers: freshIp() });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toBeTruthy();
    const me = await callApi(t.app, contract.info, { token: login.body.data.token });
    expect(me.body.data.mobile).toBe(mobile);
  });

  it('tells the user to wait on flow control, records the provider code with the code masked, and kills the code', async () => {
    const mobile = '13700000002';
    // The provider echoes the request in its text: the outbox must still not show the code.
    api.reply((request) => aliyunReply('isv.BUSINESS_LIMIT_CONTROL', `触发分钟级流控Permits:1 ${String(request.params.TemplateParam)}`));
    const res = await callApi(t.app, contract.sendSmsCode, { body: { mobile, scene: 'login' }, locale: 'zh', headers: freshIp() });
    expectFail(res, 429, '该手机号接收短信过于频繁，请稍后再试');
    const code = sentCode(api);
    const row = await outboxRow(t, mobile);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/^rate_limit: isv\.BUSINESS_LIMIT_CONTROL 触发分钟级流控/);
    expect(row.error).not.toContain(code);
    expect(row.error).toContain('••••••');
    expectFail(await callApi(t.app, contract.login, { body: { scene: 2, account: mobile, code }, locale: 'en', headers: freshIp() }), 400, 'The verification code is wrong or no longer valid');
  });

  it.each([
    ['isv.MOBILE_NUMBER_ILLEGAL', 400, 'en', 'Text messages cannot be sent to this number, please check it'],
    ['isv.SMS_TEMPLATE_ILLEGAL', 503, 'ja', 'SMSは現在利用できません。後で再試行するか、別の方法でログインしてください'],
    ['isv.AMOUNT_NOT_ENOUGH', 503, 'ko', '지금은 문자를 보낼 수 없습니다. 나중에 다시 시도하거나 다른 방법으로 로그인하세요'],
    ['isp.SYSTEM_ERROR', 502, 'en', 'Sending failed, please try again later'],
  ])('answers %s with %i in the user language', async (providerCode, status, locale, msg) => {
    const mobile = `1370000${String(ipCounter + 100).padStart(4, '0')}`;
    api.reply(aliyunReply(providerCode, 'refused'));
    expectFail(await callApi(t.app, contract.sendSmsCode, { body: { mobile, scene: 'register' }, locale, headers: freshIp() }), status, msg);
    expect((await outboxRow(t, mobile)).error).toContain(providerCode);
  });

  it('answers a rejected AccessKey with sms_unavailable (not the provider detail)', async () => {
    api.reply(aliyunReply('InvalidAccessKeyId.NotFound', 'Specified access key is not found.', 404));
    const res = await callApi(t.app, contract.sendSmsCode, { body: { mobile: '13700000003', scene: 'register' }, locale: 'en', headers: freshIp() });
    expectFail(res, 503, 'Text messages are unavailable right now, please try later or use another sign-in method');
    expect((await outboxRow(t, '13700000003')).error).toMatch(/^auth: InvalidAccessKeyId\.NotFound/);
  });
});

describe('SMS codes through Tencent Cloud (SMS_PROVIDER=tencent)', () => {
  let t: TestApp;
  let api: FakeSmsApi;
  beforeAll(async () => {
    ({ t, api } = await startWithFakeProvider({ SMS_PROVIDER: 'tencent', SMS_ACCESS_KEY_ID: 'AKID-test', SMS_SDK_APP_ID: '1400006666', SMS_TEMPLATE: '449739', SMS_TEMPLATE_PARAMS: 'code,minutes' }));
  });
  afterAll(() => stop(t, api));

  it('registers with a code sent to an international number in E.164, with code and minutes as template params', async () => {
    const mobile = '+819012345678';
    expect((await callApi(t.app, contract.sendSmsCode, { body: { mobile, scene: 'register' }, headers: freshIp() })).status).toBe(200);
    expect(api.last().params).toMatchObject({ PhoneNumberSet: [mobile], SmsSdkAppId: '1400006666', SignName: '学霸', TemplateId: '449739' });
    expect((api.last().params.TemplateParamSet as string[])[1]).toBe('5');
    const code = sentCode(api);
    const register = await callApi(t.app, contract.register, { body: { mobile, code, password: 'abc123', password_confirm: 'abc123' } });
    expect(register.status).toBe(200);
  });

  it('answers the per-number daily limit with sms_rate_limited', async () => {
    api.reply(tencentReply('LimitExceeded.PhoneNumberDailyLimit', '单个手机号日下发短信条数超过设定的上限'));
    expectFail(await callApi(t.app, contract.sendSmsCode, { body: { mobile: '13700000009', scene: 'register' }, locale: 'en', headers: freshIp() }), 429, 'Too many text messages to this number, please try again later');
  });
});
