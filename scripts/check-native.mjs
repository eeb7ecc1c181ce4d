// Loads every native addon (`*.node`) that `npm ci` put in node_modules into this Node. One
// install serves every Node that CI runs (24 and the machine's 20) only because each addon uses
// Node-API, whose binary interface does not change between Node versions; an addon built against
// one Node's own ABI (node-gyp without Node-API) fails to load in another, and this check says so.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Every `*.node` file under a node_modules folder, found by walking it. */
function addons(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) addons(full, found);
    else if (entry.isFile() && entry.name.endsWith('.node')) found.push(full);
  }
  return found;
}

const files = addons(path.join(root, 'node_modules'));
const failed = [];
for (const file of files) {
  try {
    process.dlopen({ exports: {} }, file);
  } catch (err) {
    failed.push(
      `${path.relative(root, file)}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
if (failed.length) {
  console.error(
    `Native addons that do not load in Node ${process.version}:\n  ${failed.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `Node ${process.version} (ABI ${process.versions.modules}) loads all ${files.length} native addons:\n  ${files.map((f) => path.relative(root, f)).join('\n  ')}`,
);
