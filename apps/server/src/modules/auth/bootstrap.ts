import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readOrCreateSecretFile } from '../../env';
import { restrictToOwner } from '../../lib/private-files';
import { hashPassword } from '../../lib/password';
import type { UserRepository } from './repository';

export const DEMO_ADMIN_EMAIL = 'admin@dwitunggal.local';
const CREDENTIALS_FILE = 'admin-credentials.txt';

export type AdminBootstrap =
  | { kind: 'configured'; email: string; created: boolean }
  | { kind: 'demo'; email: string; password: string | null; file: string; created: boolean };

/** A generated password that meets the registration policy (upper, lower, digit, 8+). */
function generatePassword(): string {
  return `Dw1-${randomBytes(12).toString('base64url')}`;
}

/**
 * Makes sure an admin exists. With ADMIN_EMAIL/ADMIN_PASSWORD that account is created (or
 * promoted; its password is left as is). Without them a demo admin is created once with a random
 * password kept in DATA_DIR, never a literal default.
 */
export async function ensureAdmin(
  users: UserRepository,
  opts: { email?: string | undefined; password?: string | undefined; name: string; dataDir: string },
): Promise<AdminBootstrap> {
  if (opts.email && opts.password) {
    const existing = await users.findByEmail(opts.email);
    if (existing) {
      if (existing.role !== 'admin') await users.setRole(existing.id, 'admin');
      return { kind: 'configured', email: existing.email, created: false };
    }
    const created = await users.insert({
      name: opts.name,
      email: opts.email,
      passwordHash: await hashPassword(opts.password),
      role: 'admin',
    });
    return { kind: 'configured', email: opts.email, created: Boolean(created) };
  }

  const file = path.join(opts.dataDir, CREDENTIALS_FILE);
  const existing = await users.findByEmail(DEMO_ADMIN_EMAIL);
  if (existing) {
    restrictToOwner(file, 0o600);
    const password = existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
    return { kind: 'demo', email: DEMO_ADMIN_EMAIL, password, file, created: false };
  }
  const password = readOrCreateSecretFile(opts.dataDir, CREDENTIALS_FILE, generatePassword);
  const created = await users.insert({
    name: opts.name,
    email: DEMO_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    role: 'admin',
  });
  return { kind: 'demo', email: DEMO_ADMIN_EMAIL, password, file, created: Boolean(created) };
}
