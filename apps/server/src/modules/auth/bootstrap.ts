import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readOrCreateSecretFile } from '../../env';
import { hashPassword, verifyPassword } from '../../lib/password';
import { restrictToOwner } from '../../lib/private-files';
import type { UserRepository } from './repository';

export const DEMO_ADMIN_EMAIL = 'admin@dwitunggal.local';
const CREDENTIALS_FILE = 'admin-credentials.txt';

export type AdminBootstrap =
  | {
      kind: 'configured';
      email: string;
      /** What start-up did to the account: nothing, created it, promoted it, or set its password. */
      action: 'kept' | 'created' | 'promoted' | 'rotated';
      created: boolean;
      /** The account whose tokens were revoked (promoted or rotated), for cache invalidation. */
      revokedUserId?: string;
    }
  | { kind: 'demo'; email: string; password: string | null; file: string; created: boolean };

/** Start-up must stop: the configuration asks for something unsafe. The message says why. */
export class AdminBootstrapError extends Error {}

/** A generated password that meets the registration policy (upper, lower, digit, 8+). */
export function generatePassword(): string {
  return `Dw1-${randomBytes(12).toString('base64url')}`;
}

/**
 * Makes sure an admin exists.
 *
 * With ADMIN_EMAIL/ADMIN_PASSWORD, ADMIN_PASSWORD is the source of truth for that account:
 * - no such account: it is created as an admin;
 * - an admin whose password is not ADMIN_PASSWORD (the operator changed the variable): the
 *   password is set to ADMIN_PASSWORD and every earlier token of the account is revoked;
 * - a NON-admin account (someone registered that email first): start-up is refused, unless
 *   `promoteExisting` (ADMIN_PROMOTE_EXISTING=true); then it becomes the admin with
 *   ADMIN_PASSWORD as its password, and every earlier token of it is revoked.
 * Without them a demo admin is created once with a random password kept in DATA_DIR, never a
 * literal default.
 */
export async function ensureAdmin(
  users: UserRepository,
  opts: {
    email?: string | undefined;
    password?: string | undefined;
    name: string;
    dataDir: string;
    promoteExisting?: boolean | undefined;
  },
): Promise<AdminBootstrap> {
  if (opts.email && opts.password) {
    const existing = await users.findByEmail(opts.email);
    if (existing && existing.role !== 'admin') {
      if (!opts.promoteExisting) {
        throw new AdminBootstrapError(
          [
            `ADMIN_EMAIL (${opts.email}) belongs to an existing account that is not an admin.`,
            'Refusing to start: whoever registered that email would become the admin.',
            'Either choose another ADMIN_EMAIL, or, if that account is really yours, set',
            'ADMIN_PROMOTE_EXISTING=true once: it then becomes the admin, its password becomes',
            'ADMIN_PASSWORD and every session it had is signed out.',
          ].join('\n'),
        );
      }
      await users.setPassword(existing.id, await hashPassword(opts.password), 'admin');
      return {
        kind: 'configured',
        email: existing.email,
        action: 'promoted',
        created: false,
        revokedUserId: existing.id,
      };
    }
    if (existing) {
      if (await verifyPassword(existing.passwordHash, opts.password)) {
        return { kind: 'configured', email: existing.email, action: 'kept', created: false };
      }
      await users.setPassword(existing.id, await hashPassword(opts.password));
      return {
        kind: 'configured',
        email: existing.email,
        action: 'rotated',
        created: false,
        revokedUserId: existing.id,
      };
    }
    const created = await users.insert({
      name: opts.name,
      email: opts.email,
      passwordHash: await hashPassword(opts.password),
      role: 'admin',
    });
    if (!created) {
      // Another process created it between our read and our insert: check it again.
      return ensureAdmin(users, opts);
    }
    return { kind: 'configured', email: opts.email, action: 'created', created: true };
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
