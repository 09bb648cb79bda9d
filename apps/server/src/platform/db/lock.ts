import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no cross-process lock, and a second process on the same data
 * directory silently loses committed writes. We hold `xueba.lock` (our pid) for
 * as long as the process runs; a lock left by a dead process is taken over.
 */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(dir: string): DataDirLock {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'xueba.lock');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const fd = fs.openSync(file, 'wx');
        fs.writeSync(fd, String(process.pid));
        fs.closeSync(fd);
        return new DataDirLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
        if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
          throw new Error(
            `The data directory ${dir} is already in use by another Xueba process (pid ${holder}). ` +
              'The embedded database allows one process only: stop the other process, or set DATABASE_URL to run several processes on PostgreSQL.',
          );
        }
        fs.rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not lock the data directory ${dir}`);
  }

  release(): void {
    try {
      if (fs.readFileSync(this.file, 'utf8').trim() === String(process.pid)) fs.rmSync(this.file, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
