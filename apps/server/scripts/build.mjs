// Bundles the server (and the workspace packages it imports) into dist/; npm dependencies stay
// external and are resolved from node_modules at run time.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@dwitunggal/'));

await build({
  absWorkingDir: root,
  // The worker entries are files of their own (dist/train-worker.js, dist/quality-worker.js,
  // dist/answer-worker.js): the server starts them in worker threads by their URLs next to
  // dist/server.js.
  entryPoints: {
    server: 'src/server.ts',
    'train-worker': 'src/modules/models/train-worker.ts',
    'quality-worker': 'src/modules/tags/quality-worker.ts',
    'answer-worker': 'src/modules/chat/answer-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: external.flatMap((d) => [d, `${d}/*`]),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
