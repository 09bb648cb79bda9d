import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('REMOTE_FETCH_ALLOW_HOSTS', () => {
  it('is empty by default', () => {
    expect(loadEnv({}).REMOTE_FETCH_ALLOW_HOSTS).toEqual([]);
    expect(loadEnv({ REMOTE_FETCH_ALLOW_HOSTS: '' }).REMOTE_FETCH_ALLOW_HOSTS).toEqual([]);
  });

  it('reads host:port pairs spelled as URLs spell them', () => {
    expect(loadEnv({ REMOTE_FETCH_ALLOW_HOSTS: ' 127.0.0.1:8080, Publisher.Local:80 ,[0:0:0:0:0:0:0:1]:9000,2130706433:81' }).REMOTE_FETCH_ALLOW_HOSTS).toEqual([
      '127.0.0.1:8080',
      'publisher.local:80',
      '[::1]:9000',
      '127.0.0.1:81',
    ]);
  });

  it('stops the start with every entry that is not host:port', () => {
    expect(() => loadEnv({ REMOTE_FETCH_ALLOW_HOSTS: '127.0.0.1,::1:80,a:0,b:70000,user@c:80,d/e:80,ok:1' })).toThrow(
      /REMOTE_FETCH_ALLOW_HOSTS: "127.0.0.1" is not host:port[\s\S]*"::1:80"[\s\S]*"a:0"[\s\S]*"b:70000"[\s\S]*"user@c:80"[\s\S]*"d\/e:80"/,
    );
  });
});

describe('PGLITE_THREAD', () => {
  it('is unset by default (the data directory decides) and reads 1/0 and true/false', () => {
    expect(loadEnv({}).PGLITE_THREAD).toBeUndefined();
    expect(loadEnv({ PGLITE_THREAD: '1' }).PGLITE_THREAD).toBe(true);
    expect(loadEnv({ PGLITE_THREAD: 'true' }).PGLITE_THREAD).toBe(true);
    expect(loadEnv({ PGLITE_THREAD: '0' }).PGLITE_THREAD).toBe(false);
    expect(loadEnv({ PGLITE_THREAD: 'false' }).PGLITE_THREAD).toBe(false);
  });

  it('stops the start on anything else', () => {
    expect(() => loadEnv({ PGLITE_THREAD: 'maybe' })).toThrow(/PGLITE_THREAD/);
  });
});

describe('SMS_PROVIDER', () => {
  const aliyun = { SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'id', SMS_ACCESS_KEY_SECRET: 'secret', SMS_SIGN_NAME: '学霸', SMS_TEMPLATE: 'SMS_1' };

  it('is log by default, templates take the code alone', () => {
    expect(loadEnv({})).toMatchObject({ SMS_PROVIDER: 'log', SMS_TEMPLATE_PARAMS: ['code'] });
  });

  it('accepts a complete Aliyun or Tencent configuration, per-scene templates instead of one', () => {
    expect(loadEnv(aliyun).SMS_PROVIDER).toBe('aliyun');
    const scenes = { SMS_TEMPLATE_LOGIN: '1', SMS_TEMPLATE_REGISTER: '2', SMS_TEMPLATE_FIND_PASSWORD: '3', SMS_TEMPLATE_BIND_MOBILE: '4', SMS_TEMPLATE_CHANGE_MOBILE: '5' };
    const tencent = loadEnv({ ...aliyun, SMS_TEMPLATE: '', ...scenes, SMS_PROVIDER: 'tencent', SMS_SDK_APP_ID: '1400006666', SMS_TEMPLATE_PARAMS: 'code, minutes' });
    expect(tencent).toMatchObject({ SMS_PROVIDER: 'tencent', SMS_TEMPLATE_PARAMS: ['code', 'minutes'], SMS_TEMPLATE_CHANGE_MOBILE: '5' });
  });

  it('stops the start with every missing key of a real provider listed, and the other bad keys beside them', () => {
    let message = '';
    try {
      loadEnv({ SMS_PROVIDER: 'tencent', SMS_SIGN_NAME: 'x', SMS_TEMPLATE_LOGIN: '1', SMS_TEMPLATE_PARAMS: 'code,price', PORT: 'abc' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const key of ['PORT', 'SMS_TEMPLATE_PARAMS', 'SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SDK_APP_ID', 'SMS_TEMPLATE_REGISTER', 'SMS_TEMPLATE_FIND_PASSWORD', 'SMS_TEMPLATE_BIND_MOBILE', 'SMS_TEMPLATE_CHANGE_MOBILE']) {
      expect(message).toMatch(new RegExp(`^  ${key}[:.]`, 'm'));
    }
    expect(message).not.toContain('SMS_TEMPLATE_LOGIN');
    expect(message).not.toContain('SMS_SIGN_NAME');
    expect(() => loadEnv({ ...aliyun, SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadEnv({ ...aliyun, SMS_ENDPOINT: 'not a url' })).toThrow(/SMS_ENDPOINT/);
    expect(() => loadEnv({ ...aliyun, SMS_ENDPOINT: 'http://127.0.0.1:8080/sms' })).toThrow(/SMS_ENDPOINT: must be http\(s\):\/\/host\[:port\]/);
    expect(loadEnv({ ...aliyun, SMS_ENDPOINT: 'http://127.0.0.1:8080' }).SMS_ENDPOINT).toBe('http://127.0.0.1:8080');
  });
});
