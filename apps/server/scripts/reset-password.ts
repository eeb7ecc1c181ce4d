/**
 * Resets a user's password, with the server's configuration (DATA_DIR for the embedded
 * database, or DATABASE_URL). Every session of the user is signed out.
 *
 *   printf '%s\n' "$NEW_PASSWORD" | npm run user:reset-password -- --email budi@example.com
 *   npm run user:reset-password -- --email budi@example.com --generate
 *
 * With the embedded database, stop the server first: PGlite's data directory belongs to one
 * process at a time. On PostgreSQL, running servers drop the user's cached copy at once (NOTIFY).
 */
import { createDatabase } from '../src/db/client';
import { loadConfigOrExit } from '../src/env';
import { resetPasswordCommand } from '../src/modules/auth/reset-password';

async function main() {
  const config = loadConfigOrExit();
  const code = await resetPasswordCommand({
    argv: process.argv.slice(2),
    stdin: process.stdin,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    adminEmail: config.ADMIN_EMAIL,
    open: () => createDatabase(config),
  });
  process.exit(code);
}

main().catch((err) => {
  console.error('Password reset failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
