import type { Env } from '../../config/env.js';
import type { MessageLog } from '../redact.js';
import { AliyunSmsProvider } from './aliyun.js';
import { LogSmsProvider, type SmsProvider, type SmsTemplates } from './sms.js';
import { TencentSmsProvider } from './tencent.js';

/** The provider SMS_PROVIDER names, configured from the environment (loadEnv has checked the keys are there). */
export function createSmsProvider(env: Env, log: MessageLog): SmsProvider {
  if (env.SMS_PROVIDER === 'log') return new LogSmsProvider(log);
  const templates: SmsTemplates = {
    signName: env.SMS_SIGN_NAME ?? '',
    paramNames: env.SMS_TEMPLATE_PARAMS,
    templates: {
      default: env.SMS_TEMPLATE,
      login: env.SMS_TEMPLATE_LOGIN,
      register: env.SMS_TEMPLATE_REGISTER,
      find_password: env.SMS_TEMPLATE_FIND_PASSWORD,
      bind_mobile: env.SMS_TEMPLATE_BIND_MOBILE,
      change_mobile: env.SMS_TEMPLATE_CHANGE_MOBILE,
    },
  };
  const keys = { endpoint: env.SMS_ENDPOINT ? new URL(env.SMS_ENDPOINT) : undefined, ...templates };
  if (env.SMS_PROVIDER === 'aliyun') {
    return new AliyunSmsProvider({ ...keys, accessKeyId: env.SMS_ACCESS_KEY_ID ?? '', accessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '', region: env.SMS_REGION ?? 'cn-hangzhou' });
  }
  return new TencentSmsProvider({ ...keys, secretId: env.SMS_ACCESS_KEY_ID ?? '', secretKey: env.SMS_ACCESS_KEY_SECRET ?? '', sdkAppId: env.SMS_SDK_APP_ID ?? '', region: env.SMS_REGION ?? 'ap-guangzhou' });
}
