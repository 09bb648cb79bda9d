import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

// One runner, three projects: the contract's unit tests, the server (unit + API
// through app.inject), and the web app's unit tests in jsdom.
export default defineConfig({
  resolve: { alias: { '@xueba/contract': contract } },
  test: {
    // Two workers on the two-core machines the suite runs on: tests mostly wait on
    // the embedded database and the loopback, so the second core is otherwise idle.
    maxWorkers: 2,
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
          // One process per worker runs file after file: importing the app once
          // instead of once a file is most of the suite's time (decision 0044).
          isolate: false,
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
