// `npm test`: every suite. A check that every installed package supports the promised Node; unit
// and server suites on the embedded database, the server suite again on PostgreSQL when
// TEST_DATABASE_URL is set, then (after the build) the fault suite
// against the built server and the end-to-end suite in Chromium against the built app.
// `node scripts/test.mjs unit|faults|e2e` runs one part.
import { spawnSync } from 'node:child_process';
import { canarySecrets } from './scan-client.mjs';

const run = (label, cmd, args, env = process.env) => {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (res.status !== 0) {
    console.error(`\n${label} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
};

const { TEST_DATABASE_URL, ...embeddedEnv } = process.env;
const only = process.argv[2];

if (!only || only === 'gates') {
  // Static gates first (`npm run gates`: prettier --check, eslint, tsc of every workspace), so no
  // suite runs on a tree that does not format, lint or typecheck. `node scripts/test.mjs gates`.
  run('static gates (prettier --check, eslint, tsc)', 'npm', ['run', 'gates']);
}
if (!only || only === 'unit') {
  run('dependency engines', 'node', ['scripts/check-engines.mjs']);
  run('unit and server tests (PGlite)', 'npx', ['vitest', 'run'], embeddedEnv);
  if (TEST_DATABASE_URL) {
    run(
      'server tests (PostgreSQL)',
      'npx',
      ['vitest', 'run', '--project', 'server-postgres'],
      process.env,
    );
  } else {
    console.log('\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run of the server suite.');
  }
}
if (!only || only === 'e2e' || only === 'faults') {
  // Built with canary values of every server secret in the environment; the scan then proves
  // that none of them (nor any server code, key or source map) reached the client bundle.
  const canaryEnv = { ...process.env, ...canarySecrets() };
  run('build', 'npm', ['run', 'build'], canaryEnv);
  run('client secret scan', 'node', ['scripts/scan-client.mjs'], canaryEnv);
}
if (!only || only === 'faults') {
  // The built server killed (-9), stopped (SIGTERM), cut off from PostgreSQL, run twice on one
  // database. PostgreSQL cases use TEST_DATABASE_URL when set, else a throwaway cluster.
  run('fault tests (built server)', 'npx', [
    'vitest',
    'run',
    '--config',
    'tests/faults/vitest.config.ts',
  ]);
}
if (!only || only === 'e2e') {
  run('end-to-end tests (Chromium)', 'npm', ['test', '-w', '@dwitunggal/e2e']);
}
