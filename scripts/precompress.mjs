// Writes .gz and .br next to every compressible build file, so the server sends
// precompressed assets (fastify-static preCompressed) without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm|bcmap)$/;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (compressible.test(entry.name) && fs.statSync(file).size > 1024) {
      const data = fs.readFileSync(file);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

walk(root);
