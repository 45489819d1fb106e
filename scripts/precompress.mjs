// Writes .gz and .br next to every text asset of a build folder, so the gateway (@fastify/static preCompressed) and
// nginx serve compressed files without spending CPU per request. Usage: node scripts/precompress.mjs <dist>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const TEXT = /\.(js|css|html|json|svg|txt|map)$/;

function walk(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name) && !name.endsWith('.map')) {
      const body = readFileSync(path);
      if (body.length < 1024) continue;
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}
walk(dir);
