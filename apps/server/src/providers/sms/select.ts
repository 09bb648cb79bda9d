import type { CodeScene } from '@xueba/contract';
import type { Env } from '../../config/env.js';
import type { MessageLog } from '../redact.js';
import { AliyunSmsProvider } from './aliyun.js';
import { LogSmsProvider, type SmsProvider, type SmsTemplates } from './sms.js';
import { TencentSmsProvider } from './tencent.js';

/** Everything that configures a provider, from the environment or the admin's settings. */
export interface SmsConfig {
  provider: 'log' | 'aliyun' | 'tencent';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Empty: the provider's default region. */
  region: string;
  sdkAppId: string;
  templates: Partial<Record<CodeScene | 'default', string>>;
  paramNames: string[];
  /** The provider's API base URL (tests point the SDKs at a local server); the public endpoint when absent. */
  endpoint?: URL;
}

/** The SMS_* variables as a configuration (loadEnv has checked a real provider's keys are there). */
export function smsConfigFromEnv(env: Env): SmsConfig {
  return {
    provider: env.SMS_PROVIDER,
    accessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
    accessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
    signName: env.SMS_SIGN_NAME ?? '',
    region: env.SMS_REGION ?? '',
    sdkAppId: env.SMS_SDK_APP_ID ?? '',
    paramNames: env.SMS_TEMPLATE_PARAMS,
    templates: {
      default: env.SMS_TEMPLATE,
      login: env.SMS_TEMPLATE_LOGIN,
      register: env.SMS_TEMPLATE_REGISTER,
      find_password: env.SMS_TEMPLATE_FIND_PASSWORD,
      bind_mobile: env.SMS_TEMPLATE_BIND_MOBILE,
      change_mobile: env.SMS_TEMPLATE_CHANGE_MOBILE,
    },
    endpoint: env.SMS_ENDPOINT ? new URL(env.SMS_ENDPOINT) : undefined,
  };
}

/** The provider a configuration names. */
export function smsProviderFrom(config: SmsConfig, log: MessageLog): SmsProvider {
  if (config.provider === 'log') return new LogSmsProvider(log);
  const templates: SmsTemplates = { signName: config.signName, paramNames: config.paramNames, templates: config.templates };
  const keys = { endpoint: config.endpoint, ...templates };
  if (config.provider === 'aliyun') {
    return new AliyunSmsProvider({ ...keys, accessKeyId: config.accessKeyId, accessKeySecret: config.accessKeySecret, region: config.region || 'cn-hangzhou' });
  }
  return new TencentSmsProvider({ ...keys, secretId: config.accessKeyId, secretKey: config.accessKeySecret, sdkAppId: config.sdkAppId, region: config.region || 'ap-guangzhou' });
}

/** The provider SMS_PROVIDER names, configured from the environment. */
export function createSmsProvider(env: Env, log: MessageLog): SmsProvider {
  return smsProviderFrom(smsConfigFromEnv(env), log);
}
