import { defineConfig } from '@playwright/test';

// A random port per run (inherited by the workers through the environment), so
// parallel runs on one machine don't collide.
process.env.E2E_PORT ??= String(3200 + Math.floor(Math.random() * 700));
export const E2E_PORT = Number(process.env.E2E_PORT);
/**
 * The local "publisher" that serves a paper's open PDF (paper-read.spec.ts). The server's
 * SSRF guard refuses local addresses, so scripts/e2e-server.mjs allows exactly this host:port.
 */
process.env.E2E_PUBLISHER_PORT ??= String(E2E_PORT + 1000);
export const E2E_PUBLISHER_PORT = Number(process.env.E2E_PUBLISHER_PORT);
/** The three drawing peers (OpenAI Images, A1111, 意间AI) on this port and the next two (scripts/e2e-server.mjs); specs script them at `/_peer/script`. */
process.env.E2E_DRAW_PEERS_PORT ??= String(E2E_PORT + 2000);
export const E2E_DRAW_PEERS_PORT = Number(process.env.E2E_DRAW_PEERS_PORT);
export const E2E_DRAW_PEERS = {
  openai: `http://127.0.0.1:${E2E_DRAW_PEERS_PORT}`,
  sd: `http://127.0.0.1:${E2E_DRAW_PEERS_PORT + 1}`,
  yj: `http://127.0.0.1:${E2E_DRAW_PEERS_PORT + 2}`,
};
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin123' };
/** What the fake model upstream streams for every question (scripts/e2e-server.mjs): a formula, a table, then slow filler so "stop" lands mid-answer. */
export const E2E_AI_CHUNKS = [
  'The mass-energy relation is ',
  '$E',
  '=mc^2$',
  '.\n\n| quantity | unit |\n|---|---|\n| E | J |\n\n',
  ...Array.from({ length: 24 }, (_, i) => `Sentence ${i + 1} of the answer. `),
  'The end.',
];

/**
 * Browser tests drive the built app in Debian's Chromium (no browser download).
 * The server runs on a fresh embedded data directory for every run.
 */
export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/pc/config`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      E2E_PUBLISHER_PORT: String(E2E_PUBLISHER_PORT),
      E2E_DRAW_PEERS_PORT: String(E2E_DRAW_PEERS_PORT),
      E2E_AI_SCRIPT: JSON.stringify({ chunks: E2E_AI_CHUNKS, delayMs: 120 }),
    },
  },
});
