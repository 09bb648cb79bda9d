import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testClockFromEnv } from './test-clock.js';

describe('the browser tests\' movable server clock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-clock-'));
  const file = path.join(dir, 'offset');
  afterEach(() => fs.rmSync(file, { force: true }));

  it('is off unless TEST_CLOCK_FILE is set', () => {
    expect(testClockFromEnv({}, 'development')).toBeUndefined();
    expect(testClockFromEnv({}, 'production')).toBeUndefined();
  });

  it('cannot be turned on in production: the server refuses to start', () => {
    expect(() => testClockFromEnv({ TEST_CLOCK_FILE: file }, 'production')).toThrow(/refused under NODE_ENV=production/);
  });

  it('runs on real time until the file holds an offset, then adds each new offset', () => {
    const now = testClockFromEnv({ TEST_CLOCK_FILE: file }, 'development')!;
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    fs.writeFileSync(file, '61000');
    expect(now().getTime() - Date.now()).toBeGreaterThanOrEqual(60_000);
    fs.writeFileSync(file, '3600000');
    expect(now().getTime() - Date.now()).toBeGreaterThanOrEqual(3_599_000);
  });
});
