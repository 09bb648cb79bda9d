import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import { classify, thrownCode, type FailureTable } from './failure.js';
import { e164, SmsError, templateFor, templateValues, type SmsMessage, type SmsProvider, type SmsReceipt, type SmsTemplates } from './sms.js';

/**
 * Codes from Tencent Cloud SMS's SendSms reference: per-number results come
 * in `SendStatusSet[].Code` (`Ok` when sent); request-wide faults (credentials,
 * app id) as `Response.Error`, which the SDK throws with the same `code`.
 */
const FAILURES: FailureTable = {
  rate_limit: ['LimitExceeded.', 'RequestLimitExceeded'],
  invalid_number: ['InvalidParameterValue.IncorrectPhoneNumber', 'UnsupportedOperation.UnsupportedRegion', 'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber', 'FailedOperation.PhoneNumberInBlacklist'],
  template: ['FailedOperation.TemplateIncorrectOrUnapproved', 'FailedOperation.SignatureIncorrectOrUnapproved', 'InvalidParameterValue.TemplateParameterFormatError', 'InvalidParameterValue.TemplateParameterLengthLimit', 'FailedOperation.MissingTemplateToModify', 'FailedOperation.MissingSignature'],
  balance: ['FailedOperation.InsufficientBalanceInSmsPackage'],
  auth: ['AuthFailure.', 'UnauthorizedOperation.', 'InvalidParameterValue.SdkAppIdNotExist', 'FailedOperation.NotEnterpriseCertification'],
};

export interface TencentSmsConfig extends SmsTemplates {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  region: string;
  /** Default `sms.tencentcloudapi.com` over HTTPS; an `http://host:port` URL points the SDK elsewhere (tests). */
  endpoint?: URL;
}

/** Tencent Cloud SMS (API 2021-01-11) through its official SDK. */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  readonly delivers = true;
  private readonly client: InstanceType<typeof tencentcloud.sms.v20210111.Client>;

  constructor(private readonly config: TencentSmsConfig) {
    this.client = new tencentcloud.sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: config.endpoint?.host ?? 'sms.tencentcloudapi.com',
          protocol: config.endpoint?.protocol === 'http:' ? 'http:' : 'https:',
          reqTimeout: 10,
        },
      },
    });
  }

  async send(message: SmsMessage): Promise<SmsReceipt> {
    const request = {
      PhoneNumberSet: [e164(message.to)],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: templateFor(this.config, message),
      TemplateParamSet: templateValues(this.config, message),
    };
    let code: string;
    let text: string;
    let id: string | undefined;
    try {
      const status = (await this.client.SendSms(request)).SendStatusSet?.[0];
      code = status?.Code ?? 'empty';
      text = status?.Message ?? '';
      id = status?.SerialNo;
    } catch (error) {
      ({ code, message: text } = thrownCode(error));
    }
    if (code !== 'Ok') throw new SmsError(classify(FAILURES, code), code, text);
    return { code, message: text, id };
  }
}
