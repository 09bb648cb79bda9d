// `npm start`: installs what is missing, builds what is stale, then serves the
// whole app (web + API on one port) on the embedded default unless
// DATABASE_URL says otherwise. Written without dependencies so it can run
// before `npm ci`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The one child running now (install, build or the server). A stop signal goes
 * to it and this script ends when it has: the server drains and releases the
 * data directory's lock before anything exits.
 */
let current = null;
let stopping = false;

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (current && current.exitCode === null) current.kill(signal);
  else process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));

// `npm start` runs this under `sh -c`, and neither npm nor sh passes a SIGTERM sent
// to npm's pid on to us: when our parent goes away we are re-parented, so stop then.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

/** Runs a step; a quiet step keeps its output and prints it only if the step fails. */
function run(command, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const output = [];
    if (quiet) for (const stream of [current.stdout, current.stderr]) stream.on('data', (chunk) => output.push(chunk));
    current.on('exit', (code, signal) => {
      if (code !== 0 && quiet && !stopping) process.stderr.write(Buffer.concat(output));
      if (stopping || code !== 0) process.exit(code ?? (signal ? 1 : 0));
      resolve();
    });
  });
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : fs.statSync(file).mtimeMs);
  }
  return newest;
}

const installedMarker = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');
if (!fs.existsSync(installedMarker) || fs.statSync(lock).mtimeMs > fs.statSync(installedMarker).mtimeMs) {
  console.log('> installing dependencies (npm ci, about a minute)');
  await run(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }, quiet: true });
}

const builtMarker = path.join(root, 'apps', 'server', 'dist', 'main.js');
const webIndex = path.join(root, 'apps', 'web', 'dist', 'index.html');
const sources = Math.max(
  newestMtime(path.join(root, 'packages', 'contract', 'src')),
  newestMtime(path.join(root, 'apps', 'server', 'src')),
  newestMtime(path.join(root, 'apps', 'web', 'src')),
  newestMtime(path.join(root, 'apps', 'web', 'public')),
);
const built = fs.existsSync(builtMarker) && fs.existsSync(webIndex) ? Math.min(fs.statSync(builtMarker).mtimeMs, fs.statSync(webIndex).mtimeMs) : 0;
if (built < sources || process.env.XUEBA_REBUILD === '1') {
  console.log('> building the contract, the server and the web app (about a minute)');
  await run(npm, ['run', 'build'], { quiet: true });
}

await run(process.execPath, [builtMarker]);
process.exit(0);
