import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const version = (JSON.parse(readFileSync(path.join(pdfjsRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Folders pdf.js fetches by base URL at run time (CJK CMaps, the 14 standard fonts, image decoders' wasm, ICC profiles). */
const FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;
/** Public base of the copies; versioned so a pdf.js upgrade never mixes files of two releases. */
export const PDFJS_ASSET_BASE = `/pdfjs/${version}/`;

/**
 * pdf.js loads its CMaps, fonts and wasm by directory URL, which hashed Vite
 * assets cannot provide; this copies them into the build under a fixed,
 * versioned path (and serves them in dev), so nothing comes from a CDN.
 */
export function pdfjsAssets(): Plugin {
  return {
    name: 'xueba-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        if (!url.startsWith(PDFJS_ASSET_BASE)) return next();
        const rel = url.slice(PDFJS_ASSET_BASE.length);
        const [folder] = rel.split('/');
        const file = path.join(pdfjsRoot, rel);
        if (!FOLDERS.includes(folder as (typeof FOLDERS)[number]) || !file.startsWith(pdfjsRoot) || !statSync(file, { throwIfNoEntry: false })?.isFile()) return next();
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const folder of FOLDERS) {
        const dir = path.join(pdfjsRoot, folder);
        for (const name of readdirSync(dir)) {
          if (name.startsWith('LICENSE')) continue;
          this.emitFile({ type: 'asset', fileName: `${PDFJS_ASSET_BASE.slice(1)}${folder}/${name}`, source: readFileSync(path.join(dir, name)) });
        }
      }
    },
  };
}
