import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import { api, LOCALES, MESSAGES } from '../../packages/contract/src/index.ts';
import { renderEndpointsModule } from './src/lib/api/endpoint-meta.ts';
import { renderServerMessagesModule } from './src/locales/server-messages.ts';
import { pdfjsAssets } from './vite/pdfjs-assets.ts';
import { routePaths } from './vite/route-paths.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = process.env.XUEBA_API ?? 'http://127.0.0.1:3000';

const endpointsFile = fileURLToPath(new URL('./src/lib/api/endpoints.gen.ts', import.meta.url));
const serverMessagesFile = (locale: string) => fileURLToPath(new URL(`./src/locales/server-messages/${locale}.gen.ts`, import.meta.url));

function writeIfChanged(file: string, next: string): void {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // First run: the file does not exist yet.
  }
  if (current !== next) writeFileSync(file, next);
}

/**
 * Regenerates, from the contract, the schema-free endpoint table and the
 * server-message texts of each language, so a contract change reaches the web
 * app on the next build.
 */
function contractTables(): Plugin {
  return {
    name: 'xueba-contract-tables',
    buildStart() {
      writeIfChanged(endpointsFile, renderEndpointsModule(api));
      for (const locale of LOCALES) writeIfChanged(serverMessagesFile(locale), renderServerMessagesModule(MESSAGES, locale));
    },
  };
}

const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

/**
 * The contract's modules only declare constants and schemas. Telling the
 * bundler so lets it drop the ones a chunk does not use: without this, any
 * import of a constant pulled every zod schema (and zod) into the first screen.
 */
function contractWithoutSideEffects(): Plugin {
  return {
    name: 'xueba-contract-pure',
    transform(_code, id) {
      return id.startsWith(contractDir) ? { moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  plugins: [contractTables(), contractWithoutSideEffects(), pdfjsAssets(), routePaths(fileURLToPath(new URL('./src/app/routes.ts', import.meta.url))), react()],
  resolve: {
    alias: {
      // The contract is consumed as TypeScript source so web and server never drift through a stale build.
      '@xueba/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 700 },
});
