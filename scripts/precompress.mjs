// Build step: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built front ends,
// so the server sends them with Content-Encoding without compressing on each request (@fastify/static's
// preCompressed). Run by `npm run build` after the Vite builds.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const dirs = process.argv.slice(2);
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (compressible.test(entry.name)) compress(file);
  }
}

function compress(file) {
  const data = fs.readFileSync(file);
  // Small files gain little and cost a header; the server sends them as they are.
  if (data.length < 1024) return;
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += data.length;
  after += br.length;
}

for (const dir of dirs) if (fs.existsSync(dir)) walk(dir);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
