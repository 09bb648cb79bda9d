// Screenshots of the home page and the login popup in every locale and theme (manual visual check).
// Usage: node apps/web/scripts/screenshots.mjs http://127.0.0.1:4173 /tmp/shots
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const out = process.argv[3] ?? '/tmp/xueba-shots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const locales = (process.env.LOCALES ?? 'zh,en,ja,ko').split(',');
const themes = (process.env.THEMES ?? 'light,dark').split(',');
for (const theme of themes) {
  for (const locale of locales) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    await context.addInitScript((mode) => localStorage.setItem('app_setting', JSON.stringify({ value: { theme: mode }, expire: null })), theme);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const prefix = locale === 'zh' ? '' : `/${locale}`;
    await page.goto(`${base}${prefix}/`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-testid=home-page]');
    await page.screenshot({ path: `${out}/home-${locale}-${theme}.png` });
    await page.click('[data-testid=login-open]');
    await page.waitForSelector('[data-testid=login-modal]');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/login-${locale}-${theme}.png` });
    if (errors.length) process.stdout.write(`${locale}/${theme} page errors: ${errors.join(' | ')}\n`);
    await context.close();
  }
}
await browser.close();
process.stdout.write(`screenshots in ${out}\n`);
