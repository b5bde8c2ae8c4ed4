// `npm run bench`: runs every bench/*.bench.ts in turn and writes docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Bench, BenchSection } from '../bench/bench-kit.ts';
import { root } from '../bench/bench-kit.ts';

const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const only = process.argv[2];
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.startsWith(only)))
  .sort();

const sections: BenchSection[] = [];
for (const file of files) {
  console.log(`== ${file}`);
  const bench = (await import(path.join(root, 'bench', file))).default as Bench;
  const section = await bench({ postgresUrl, root });
  console.log(section.markdown);
  sections.push(section);
}

const header = `# Benchmarks

Written by \`npm run bench\` (one section: \`npm run bench -- <file prefix>\`, e.g. \`npm run bench -- site\`).
Every figure is a median of several runs, and every budget is a ratio against a baseline measured in the same
run on the same machine, because these machines are noisy. PostgreSQL figures use the real server at
\`BENCH_POSTGRES_URL\` (default \`postgresql://postgres@127.0.0.1:5432/postgres\`).

Last run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.
`;
const target = path.join(root, 'docs/benchmarks.md');
let kept: BenchSection[] = [];
if (only && fs.existsSync(target)) {
  // One section re-measured: keep the others as they were, in their order, and replace (or add) this one.
  const parts = fs.readFileSync(target, 'utf8').split(/^## /m).slice(1);
  kept = parts.map((part) => {
    const newline = part.indexOf('\n');
    return { title: part.slice(0, newline).trim(), markdown: part.slice(newline).trim() };
  });
}
for (const section of sections) {
  const at = kept.findIndex((k) => k.title === section.title);
  if (at === -1) kept.push(section);
  else kept[at] = section;
}
fs.writeFileSync(
  target,
  `${header}\n${kept.map((s) => `## ${s.title}\n\n${s.markdown.trim()}\n`).join('\n')}`,
);
console.log('wrote docs/benchmarks.md');
