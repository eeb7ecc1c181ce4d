import { parseArgs } from 'node:util';
import { newPassword } from '@dwitunggal/contracts/schemas/auth';
import type { Database } from '../../db/client';
import { announceChange } from '../../lib/cache';
import { hashPassword } from '../../lib/password';
import { createRateLimiter } from '../../lib/rate-limiter';
import { generatePassword } from './bootstrap';
import { createUserRepository, userCacheKey } from './repository';
import { loginKeys } from './service';

export const RESET_USAGE = [
  'Usage: npm run user:reset-password -- --email EMAIL [--generate]',
  '  The new password is read from standard input (first line), e.g.',
  '    printf \'%s\\n\' "$NEW_PASSWORD" | npm run user:reset-password -- --email budi@example.com',
  '  or, with --generate, made up and printed once.',
  '  Every session of the account is signed out and its login lockouts are lifted.',
].join('\n');

/** Longest standard input read (a password is at most 128 characters). */
const MAX_INPUT = 4096;

async function readFirstLine(stdin: AsyncIterable<string | Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.includes('\n') || text.length > MAX_INPUT) break;
  }
  return (text.split('\n')[0] ?? '').replace(/\r$/, '');
}

export interface ResetPasswordIo {
  argv: string[];
  stdin: AsyncIterable<string | Buffer> & { isTTY?: boolean };
  out: (line: string) => void;
  err: (line: string) => void;
  /** ADMIN_EMAIL of the server's configuration: that account's password comes from ADMIN_PASSWORD. */
  adminEmail?: string | undefined;
  /** Opens the database (called only once the input is valid); closed by the command. */
  open: () => Promise<Pick<Database, 'db' | 'kind' | 'notify' | 'close'>>;
}

/**
 * The operator's password reset: sets a user's password, revokes every token of the user (in
 * every running process too, on PostgreSQL) and clears the user's login failure counters.
 * Returns the process exit code: 0 done, 1 no such account, 2 bad usage or input.
 */
export async function resetPasswordCommand(io: ResetPasswordIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: io.argv,
      options: {
        email: { type: 'string' },
        generate: { type: 'boolean', default: false },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (err) {
    io.err(`${(err as Error).message}\n${RESET_USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(RESET_USAGE);
    return 0;
  }
  const email = args.email?.trim();
  if (!email) {
    io.err(`--email is required.\n${RESET_USAGE}`);
    return 2;
  }
  if (io.adminEmail && io.adminEmail.trim().toLowerCase() === email.toLowerCase()) {
    io.err(
      `${email} is the admin configured by ADMIN_EMAIL: its password is ADMIN_PASSWORD, set again at every start.\n` +
        'Change ADMIN_PASSWORD and restart the server instead (see docs/operations.md).',
    );
    return 2;
  }

  let password: string;
  if (args.generate) {
    password = generatePassword();
  } else {
    if (io.stdin.isTTY) {
      io.err(`Pipe the new password on standard input, or use --generate.\n${RESET_USAGE}`);
      return 2;
    }
    password = await readFirstLine(io.stdin);
    const checked = newPassword.safeParse(password);
    if (!checked.success) {
      io.err(
        `The new password is not accepted: ${checked.error.issues.map((i) => i.message).join('; ')}.`,
      );
      return 2;
    }
  }

  const database = await io.open();
  try {
    const users = createUserRepository(database.db);
    const user = await users.findByEmail(email);
    if (!user) {
      io.err(`No account has the email ${email}.`);
      return 1;
    }
    await users.setPassword(user.id, await hashPassword(password));
    const limiter = createRateLimiter(database);
    await limiter.resetPrefix(loginKeys.pairPrefix(user.email));
    await limiter.reset(loginKeys.account(user.email));
    await announceChange(database, userCacheKey(user.id));
    io.out(`Password of ${user.email} reset; every session of this account is signed out.`);
    if (args.generate) io.out(`New password: ${password}`);
    return 0;
  } finally {
    await database.close();
  }
}
