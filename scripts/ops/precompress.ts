// Writes .br and .gz beside every text asset of the built SPA, so the server sends compressed
// files without compressing on each request (@fastify/static `preCompressed`).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const TEXT = /\.(js|css|svg|json|txt|xml)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for await (const path of files(root)) {
  if (!TEXT.test(path) || (await stat(path)).size < MIN_BYTES) continue;
  const source = await readFile(path);
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gzip = gzipSync(source, { level: 9 });
  if (brotli.length < source.length * 0.9) await writeFile(`${path}.br`, brotli);
  if (gzip.length < source.length * 0.9) await writeFile(`${path}.gz`, gzip);
  count += 1;
}
process.stdout.write(`precompressed ${count} files in dist/web\n`);
