// Sums the gzip size of every JS file the first screen of a URL loads (benchmark: <= 200 KB).
// Usage: node apps/web/scripts/measure-first-screen.mjs http://127.0.0.1:4173/
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';

const target = process.argv[2] ?? 'http://127.0.0.1:4173/';
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const scripts = new Map();
page.on('response', async (response) => {
  const url = response.url();
  if (!url.endsWith('.js')) return;
  try {
    scripts.set(url, gzipSync(await response.body(), { level: 9 }).length);
  } catch {
    // Redirects and aborted loads have no body.
  }
});
// Until the first screen has rendered: idle-time prefetches of other pages are not part of it.
await page.goto(target, { waitUntil: 'load' });
await page.waitForSelector(process.env.FIRST_SCREEN_SELECTOR ?? '[data-testid=home-page]', { timeout: 15000 });
await browser.close();
let total = 0;
for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
  total += size;
  process.stdout.write(`${(size / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}\n`);
}
process.stdout.write(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip JS (${scripts.size} files)\n`);
