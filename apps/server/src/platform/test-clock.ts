import fs from 'node:fs';

/**
 * A server clock that browser tests can move forward, so a test of a cooldown
 * or an expiry does not wait it out in real time (decision 0028).
 *
 * Only `TEST_CLOCK_FILE` turns it on: the file holds the offset in
 * milliseconds that is added to the real time (missing or empty: none). A
 * production server refuses to start with it set, so no deployment can run on
 * a clock someone else can write to.
 */
export function testClockFromEnv(vars: Record<string, string | undefined>, nodeEnv: 'development' | 'production' | 'test'): (() => Date) | undefined {
  const file = vars.TEST_CLOCK_FILE;
  if (!file) return undefined;
  if (nodeEnv === 'production') throw new Error('TEST_CLOCK_FILE moves the server clock for browser tests and is refused under NODE_ENV=production');
  let seen = '';
  let offsetMs = 0;
  return () => {
    // Read again only when the file changed: most calls cost one stat.
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const version = stat ? `${stat.mtimeMs}:${stat.size}` : '';
    if (version !== seen) {
      seen = version;
      offsetMs = stat ? Number(fs.readFileSync(file, 'utf8').trim() || 0) : 0;
    }
    return new Date(Date.now() + offsetMs);
  };
}
