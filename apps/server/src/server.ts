import { buildApp } from './app';
import { createDatabase } from './db/client';
import { loadConfigOrExit } from './env';
import { announceChange } from './lib/cache';
import { AdminBootstrapError, ensureAdmin } from './modules/auth/bootstrap';
import { createUserRepository, userCacheKey } from './modules/auth/repository';
import { seedIfNeeded } from './modules/tags/seed';

async function main() {
  const startedAt = performance.now();
  const config = loadConfigOrExit();

  const database = await createDatabase(config);
  let admin;
  try {
    admin = await ensureAdmin(createUserRepository(database.db), {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      name: config.ADMIN_NAME,
      dataDir: config.dataDir,
      promoteExisting: config.ADMIN_PROMOTE_EXISTING,
    });
  } catch (err) {
    if (err instanceof AdminBootstrapError) {
      console.error(`Failed to start:\n${err.message}`);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  // Processes already running (a rolling restart) drop their cached copy of a revoked admin.
  if (admin.kind === 'configured' && admin.revokedUserId) {
    await announceChange(database, userCacheKey(admin.revokedUserId));
  }
  const seeded = await seedIfNeeded(database);
  const app = await buildApp({ config, database });
  for (const s of seeded.filter((o) => o.action === 'seeded')) {
    app.log.info(s, `seeded ${s.tags} tags of ${s.character} from data/seed/tags`);
  }
  // Runs a stopped server left unfinished are failed (the previous version keeps being served);
  // a figure without an active model gets its first one before the server listens.
  const interrupted = await app.models.recoverInterruptedRuns();
  if (interrupted.length > 0)
    app.log.warn({ runs: interrupted }, 'marked interrupted training runs failed');
  for (const m of await app.models.trainMissingModels()) {
    if (m.action === 'failed') app.log.error(m, `no model for ${m.figure}: first training failed`);
    else if (m.action !== 'present')
      app.log.info(m, `first ${m.figure} model: version ${m.version} in ${m.durationMs} ms`);
  }

  let closing = false;
  // While shutting down, every answer closes its connection: a keep-alive connection that
  // becomes idle after the close began would otherwise hold the process open.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Under the usual 30 s an orchestrator waits before SIGKILL: requests in flight, then a
    // training run's grace period (5 s), then the database.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
    sweep.unref();
    const began = performance.now();
    const since = () => Math.round(performance.now() - began);
    try {
      await app.close();
      clearInterval(sweep);
      app.log.info({ ms: since() }, 'requests finished and services stopped');
      await database.close();
      app.log.info({ ms: since() }, 'database closed; exiting');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const lines = [
    '',
    `  Dwitunggal is running at http://localhost:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.PORT} (${address})`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}; ready in ${seconds} s`,
  ];
  if (admin.kind === 'demo') {
    lines.push(
      `  Demo admin: ${admin.email} / ${admin.password ?? '(password file missing)'}`,
      `  (generated once and kept in ${admin.file}; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
    );
  } else {
    const notes = {
      kept: '',
      created: ' (created)',
      promoted:
        ' (existing account made admin; password set from ADMIN_PASSWORD, its sessions signed out)',
      rotated: ' (password changed to ADMIN_PASSWORD; earlier sessions signed out)',
    };
    lines.push(`  Admin: ${admin.email}${notes[admin.action]}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
