import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { classify, thrownCode, type FailureTable } from './failure.js';
import { aliyunNumber, SmsError, templateFor, type SmsMessage, type SmsProvider, type SmsReceipt, type SmsTemplates } from './sms.js';

/**
 * Codes from Alibaba Cloud's SendSms error reference. Business refusals come
 * back as HTTP 200 with `Code` other than `OK`; credential faults as an HTTP
 * error the SDK throws with the same `code`.
 */
const FAILURES: FailureTable = {
  rate_limit: ['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL', 'Throttling.', 'isv.SMS_OVER_LIMIT'],
  invalid_number: ['isv.MOBILE_NUMBER_ILLEGAL', 'isv.MOBILE_COUNT_OVER_LIMIT', 'isv.BLACK_KEY_CONTROL_LIMIT'],
  template: ['isv.SMS_TEMPLATE_ILLEGAL', 'isv.SMS_SIGNATURE_ILLEGAL', 'isv.SMS_SIGN_ILLEGAL', 'isv.TEMPLATE_MISSING_PARAMETERS', 'isv.TEMPLATE_PARAMS_ILLEGAL', 'isv.INVALID_PARAMETERS', 'isv.PARAM_LENGTH_LIMIT'],
  balance: ['isv.AMOUNT_NOT_ENOUGH', 'isv.OUT_OF_SERVICE'],
  auth: ['InvalidAccessKeyId.', 'SignatureDoesNotMatch', 'IncompleteSignature', 'isp.RAM_PERMISSION_DENY', 'isv.ACCOUNT_NOT_EXISTS', 'isv.ACCOUNT_ABNORMAL', 'Forbidden.'],
};

/**
 * The SDK is CommonJS compiled from `export default class`: Node's ESM loader
 * hands over the exports object (the class under `.default`), vitest's loader
 * the class itself.
 */
const DysmsClient: typeof Dysmsapi.default = typeof Dysmsapi.default === 'function' ? Dysmsapi.default : (Dysmsapi as unknown as typeof Dysmsapi.default);

export interface AliyunSmsConfig extends SmsTemplates {
  accessKeyId: string;
  accessKeySecret: string;
  /** Default `dysmsapi.aliyuncs.com` over HTTPS; an `http://host:port` URL points the SDK elsewhere (tests). */
  endpoint?: URL;
  region: string;
}

/** Alibaba Cloud SMS (Dysmsapi 2017-05-25) through its official SDK. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  readonly delivers = true;
  private readonly client: InstanceType<typeof DysmsClient>;

  constructor(private readonly config: AliyunSmsConfig) {
    this.client = new DysmsClient(
      new $OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        regionId: config.region,
        endpoint: config.endpoint?.host ?? 'dysmsapi.aliyuncs.com',
        protocol: config.endpoint?.protocol === 'http:' ? 'http' : 'https',
        connectTimeout: 5000,
        readTimeout: 10_000,
      }),
    );
  }

  async send(message: SmsMessage): Promise<SmsReceipt> {
    const request = new SendSmsRequest({
      phoneNumbers: aliyunNumber(message.to),
      signName: this.config.signName,
      templateCode: templateFor(this.config, message),
      templateParam: JSON.stringify(Object.fromEntries(this.config.paramNames.map((name) => [name, message.params[name] ?? '']))),
    });
    let code: string;
    let text: string;
    let id: string | undefined;
    try {
      const response = await this.client.sendSms(request);
      code = response.body?.code ?? 'empty';
      text = response.body?.message ?? '';
      id = response.body?.bizId;
    } catch (error) {
      ({ code, message: text } = thrownCode(error));
    }
    if (code !== 'OK') throw new SmsError(classify(FAILURES, code), code, text);
    return { code, message: text, id };
  }
}
