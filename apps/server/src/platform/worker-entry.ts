import fs from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The file a worker thread starts from: the compiled `<name>.js` beside the
 * caller in `dist`, or, when running from the TypeScript sources (tests, tsx),
 * a small `<name>.dev.mjs` bootstrap that loads `<name>.ts` through tsx.
 */
function workerEntry(name: string, callerUrl: string): URL {
  const compiled = new URL(`./${name}.js`, callerUrl);
  return fs.existsSync(compiled) ? compiled : new URL(`./${name}.dev.mjs`, callerUrl);
}

/**
 * The parent's Node flags minus those about its own main script: a thread
 * given `--input-type` or `--eval` (a process started with `node -e`) does
 * not start at all. Loaders (`--import tsx`) and memory flags carry over.
 */
function threadFlags(): string[] {
  const flags: string[] = [];
  for (let i = 0; i < process.execArgv.length; i += 1) {
    const flag = process.execArgv[i]!;
    if (flag.startsWith('--input-type')) continue;
    if (['-e', '--eval', '-p', '--print'].includes(flag)) {
      i += 1;
      continue;
    }
    if (/^--(eval|print)=/.test(flag)) continue;
    flags.push(flag);
  }
  return flags;
}

/** Starts the worker thread `<name>` that sits beside the caller's module. */
export function startWorker(name: string, callerUrl: string, options: WorkerOptions = {}): Worker {
  return new Worker(workerEntry(name, callerUrl), { execArgv: threadFlags(), ...options });
}
