// `npm start`: installs what is missing, builds what is stale, then serves the
// whole app (web + API on one port) on the embedded default unless
// DATABASE_URL says otherwise. Written without dependencies so it can run
// before `npm ci`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
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
  console.log('> installing dependencies (npm ci)');
  run(npm, ['ci', '--no-audit', '--no-fund'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
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
  console.log('> building');
  run(npm, ['run', 'build']);
}

const child = spawn(process.execPath, [builtMarker], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
