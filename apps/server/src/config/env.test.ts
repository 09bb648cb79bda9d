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
