import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunReply, FakeSmsApi } from '../../test/fake-sms.js';
import { AliyunSmsProvider } from './aliyun.js';
import { SmsError } from './sms.js';

/** The official Alibaba Cloud SDK against a local server answering like Dysmsapi. */
describe('AliyunSmsProvider', () => {
  let api: FakeSmsApi;
  let provider: AliyunSmsProvider;
  beforeAll(async () => {
    api = await FakeSmsApi.start();
    provider = new AliyunSmsProvider({
      accessKeyId: 'LTAI-test-key',
      accessKeySecret: 'test-secret',
      region: 'cn-hangzhou',
      endpoint: new URL(api.url),
      signName: '学霸',
      paramNames: ['code'],
      templates: { default: 'SMS_100', find_password: 'SMS_200' },
    });
  });
  afterAll(() => api.close());

  it('sends SendSms with the 11-digit number, sign name, the scene template and JSON params, signed with the key', async () => {
    await provider.send({ to: '13800138000', text: 'ignored', params: { code: '123456', minutes: '5' }, scene: 'login', secret: '123456' });
    const request = api.last();
    expect(request.action).toBe('SendSms');
    expect(request.headers['x-acs-version']).toBe('2017-05-25');
    expect(String(request.headers.authorization)).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI-test-key,/);
    expect(request.params).toEqual({ PhoneNumbers: '13800138000', SignName: '学霸', TemplateCode: 'SMS_100', TemplateParam: '{"code":"123456"}' });

    await provider.send({ to: '+8613800138001', text: '', params: { code: '654321' }, scene: 'find_password' });
    expect(api.last().params).toMatchObject({ PhoneNumbers: '13800138001', TemplateCode: 'SMS_200' });
  });

  it('writes an international number as country code and number without +', async () => {
    await provider.send({ to: '+819012345678', text: '', params: { code: '111111' }, scene: 'register' });
    expect(api.last().params).toMatchObject({ PhoneNumbers: '819012345678' });
  });

  it.each([
    ['isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1', 'rate_limit'],
    ['isv.MOBILE_NUMBER_ILLEGAL', '非法手机号', 'invalid_number'],
    ['isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板', 'template'],
    ['isv.AMOUNT_NOT_ENOUGH', '账户余额不足', 'balance'],
    ['isp.SYSTEM_ERROR', '系统错误', 'unknown'],
  ])('maps business error %s to %s', async (code, message, failure) => {
    api.reply(aliyunReply(code, message));
    const error = await provider.send({ to: '13800138000', text: '', params: { code: '1' }, scene: 'login' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect(error).toMatchObject({ failure, providerCode: code });
    expect((error as Error).message).toContain(message);
  });

  it('maps a rejected AccessKey (HTTP 404 the SDK throws) to auth', async () => {
    api.reply(aliyunReply('InvalidAccessKeyId.NotFound', 'Specified access key is not found.', 404));
    await expect(provider.send({ to: '13800138000', text: '', params: { code: '1' }, scene: 'login' })).rejects.toMatchObject({ failure: 'auth', providerCode: 'InvalidAccessKeyId.NotFound' });
  });

  it('maps an unreachable endpoint to unknown without hanging', async () => {
    const closed = await FakeSmsApi.start();
    const url = closed.url;
    await closed.close();
    const offline = new AliyunSmsProvider({ accessKeyId: 'a', accessKeySecret: 'b', region: 'cn-hangzhou', endpoint: new URL(url), signName: 's', paramNames: ['code'], templates: { default: 'SMS_1' } });
    await expect(offline.send({ to: '13800138000', text: '', params: { code: '1' } })).rejects.toMatchObject({ failure: 'unknown' });
  });
});
