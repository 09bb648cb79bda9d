import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsApi, tencentError, tencentReply } from '../../test/fake-sms.js';
import { SmsError } from './sms.js';
import { TencentSmsProvider } from './tencent.js';

/** The official Tencent Cloud SDK against a local server answering like SMS API 2021-01-11. */
describe('TencentSmsProvider', () => {
  let api: FakeSmsApi;
  let provider: TencentSmsProvider;
  beforeAll(async () => {
    api = await FakeSmsApi.start();
    provider = new TencentSmsProvider({
      secretId: 'AKID-test',
      secretKey: 'test-key',
      sdkAppId: '1400006666',
      region: 'ap-guangzhou',
      endpoint: new URL(api.url),
      signName: '学霸',
      paramNames: ['code', 'minutes'],
      templates: { default: '449739', bind_mobile: '449740' },
    });
  });
  afterAll(() => api.close());

  it('sends SendSms with the E.164 number, app id, sign name, the scene template and positional params', async () => {
    await provider.send({ to: '13800138000', text: 'ignored', params: { code: '123456', minutes: '5' }, scene: 'bind_mobile', secret: '123456' });
    const request = api.last();
    expect(request.action).toBe('SendSms');
    expect(request.headers['x-tc-version']).toBe('2021-01-11');
    expect(request.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(String(request.headers.authorization)).toMatch(/^TC3-HMAC-SHA256 Credential=AKID-test\//);
    expect(request.params).toEqual({ PhoneNumberSet: ['+8613800138000'], SmsSdkAppId: '1400006666', SignName: '学霸', TemplateId: '449740', TemplateParamSet: ['123456', '5'] });
  });

  it('passes an international number through in E.164', async () => {
    await provider.send({ to: '+819012345678', text: '', params: { code: '111111', minutes: '5' }, scene: 'login' });
    expect(api.last().params).toMatchObject({ PhoneNumberSet: ['+819012345678'], TemplateId: '449739' });
  });

  it.each([
    ['LimitExceeded.PhoneNumberThirtySecondLimit', 'rate_limit'],
    ['InvalidParameterValue.IncorrectPhoneNumber', 'invalid_number'],
    ['FailedOperation.TemplateIncorrectOrUnapproved', 'template'],
    ['FailedOperation.InsufficientBalanceInSmsPackage', 'balance'],
    ['InternalError.Timeout', 'unknown'],
  ])('maps the per-number status %s to %s', async (code, failure) => {
    api.reply(tencentReply(code, `refused: ${code}`));
    const error = await provider.send({ to: '13800138000', text: '', params: { code: '1' }, scene: 'login' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect(error).toMatchObject({ failure, providerCode: code });
  });

  it('maps a request-wide AuthFailure (which the SDK throws) to auth', async () => {
    api.reply(tencentError('AuthFailure.SecretIdNotFound', 'The SecretId is not found'));
    await expect(provider.send({ to: '13800138000', text: '', params: { code: '1' }, scene: 'login' })).rejects.toMatchObject({ failure: 'auth', providerCode: 'AuthFailure.SecretIdNotFound' });
  });

  it('refuses a number that is neither mainland nor E.164 before calling the API', async () => {
    const before = api.requests.length;
    await expect(provider.send({ to: '0044123', text: '', params: { code: '1' } })).rejects.toMatchObject({ failure: 'invalid_number' });
    expect(api.requests.length).toBe(before);
  });
});
