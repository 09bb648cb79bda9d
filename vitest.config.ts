import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

// One runner, three projects: the contract's unit tests, the server (unit + API
// through app.inject), and the web app's unit tests in jsdom.
export default defineConfig({
  resolve: { alias: { '@xueba/contract': contract } },
  test: {
    projects: [
      {
        resolve: { alias: { '@xueba/contract': contract } },
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: { '@xueba/contract': contract } },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        resolve: {
          alias: {
            '@xueba/contract': contract,
            '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)),
          },
        },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
