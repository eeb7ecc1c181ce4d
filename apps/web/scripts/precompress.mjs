// Writes Brotli (.br) and gzip (.gz) siblings of the built text files in dist/, so that the
// server's static hosting sends them compressed without compressing on every request
// (@fastify/static `preCompressed`). Runs after `vite build`; uses Node's zlib only.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const file of files(dist)) {
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
  raw += body.length;
  br += brotli.length;
}
console.log(
  `precompress: ${count} files, ${Math.round(raw / 1024)} KiB -> ${Math.round(br / 1024)} KiB (brotli)`,
);
