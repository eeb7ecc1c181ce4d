// Every package in package-lock.json (the whole tree, as `npm install` lays it out) must support
// the oldest Node the project promises in package.json's "engines" (Node 20.19 here): npm only
// warns about a dependency that needs a newer Node, and it then fails, or not, at run time.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const read = (file) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
const promised = semver.minVersion(read('package.json').engines.node);
const { packages } = read('package-lock.json');

/**
 * Test-only packages whose declared range leaves the oldest Node out, with why that is fine.
 * Each one is run on that Node by CI all the same (see .ci/run), so the claim stays checked.
 */
const ALLOWED = {
  // Declares ^22.17 || >=24, but its only code on our side unpacks a brotli-packed Chromium
  // (node:zlib, tar-fs); `.ci/run` unpacks and starts it on the machine's Node 20 too. Used
  // only when neither CHROMIUM_PATH nor a system Chromium is there (scripts/chromium.mjs).
  'node_modules/@sparticuz/chromium': '^22.17.0 || >=24.0.0',
};

const unsupported = Object.entries(packages)
  .filter(([, pkg]) => typeof pkg.engines?.node === 'string')
  .filter(([path, pkg]) => ALLOWED[path] !== pkg.engines.node)
  .filter(([, pkg]) => !semver.satisfies(promised, pkg.engines.node, { includePrerelease: true }))
  .map(([path, pkg]) => `${path}@${pkg.version} needs node ${pkg.engines.node}`);

if (unsupported.length) {
  console.error(`Packages that do not support Node ${promised}:\n  ${unsupported.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Node ${promised} is supported by every package in package-lock.json (${Object.keys(packages).length} entries; allowed with a reason: ${Object.keys(ALLOWED).join(', ')}).`,
);
