import type {
  ChangePasswordBody,
  LoginBody,
  PublicUser,
  RegisterBody,
} from '@dwitunggal/contracts/auth';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import type { TokenService } from '../../lib/jwt';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { UserRepository, UserRow } from './repository';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please try again later.';
/** The 409 of a taken email: names the field in lower case, as the spec's client looks for it. */
export const EMAIL_TAKEN = 'This email is already registered';
export const EMAIL_TAKEN_FIELD = 'Email already registered';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from the current password';
export const ADMIN_PASSWORD_MANAGED =
  "This admin account's password is set by the server's ADMIN_PASSWORD setting. Ask the operator to change it.";

export interface LoginLimits {
  /** Login attempts (right or wrong) per client address per `windowSeconds`. */
  maxPerIp: number;
  /** Failed attempts per (client address, account) pair per `windowSeconds`. */
  maxFailuresPerAccount: number;
  windowSeconds: number;
  /** Failed attempts per account from every address together per `globalWindowSeconds`. */
  maxFailuresPerAccountGlobal: number;
  globalWindowSeconds: number;
}

/** Counter keys of an account's password checks (also cleared by the operator's reset). */
export const loginKeys = {
  ip: (ip: string) => `login:ip:${ip}`,
  /** Every pair key of an account starts with this. */
  pairPrefix: (email: string) => `login:pair:${email.trim().toLowerCase()}|`,
  pair: (email: string, ip: string) => `${loginKeys.pairPrefix(email)}${ip}`,
  account: (email: string) => `login:account:${email.trim().toLowerCase()}`,
};

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAuthService(deps: {
  users: UserRepository;
  tokens: TokenService;
  limiter: RateLimiter;
  limits: LoginLimits;
  /** The env-configured admin (ADMIN_EMAIL): its password is managed by ADMIN_PASSWORD. */
  configuredAdminEmail?: string | undefined;
  /** Called after a user's token version, role or existence changed (drops cached copies). */
  onUserChanged?: (userId: string) => Promise<void>;
}) {
  const { users, tokens, limiter, limits } = deps;
  const changed = (userId: string) => deps.onUserChanged?.(userId) ?? Promise.resolve();

  const limitPerIp = async (ip: string) => {
    const perIp = await limiter.hit(loginKeys.ip(ip), limits.windowSeconds);
    if (perIp.count > limits.maxPerIp)
      throw tooManyRequests(TOO_MANY_ATTEMPTS, perIp.resetInSeconds);
  };

  /**
   * Runs one password check of `email`'s account under the failure limits. The attempt is
   * counted BEFORE the (slow) check, atomically, against both the (address, account) pair and
   * the account as a whole, so parallel guesses cannot all pass a read-then-write check; a
   * right password gives its slot back (and clears the pair's failures).
   */
  const checkGuarded = async (
    email: string,
    ip: string,
    check: () => Promise<boolean>,
  ): Promise<boolean> => {
    const pairKey = loginKeys.pair(email, ip);
    const accountKey = loginKeys.account(email);
    const pair = await limiter.reserve(pairKey, limits.windowSeconds, limits.maxFailuresPerAccount);
    if (!pair.allowed) throw tooManyRequests(TOO_MANY_ATTEMPTS, pair.resetInSeconds);
    const account = await limiter.reserve(
      accountKey,
      limits.globalWindowSeconds,
      limits.maxFailuresPerAccountGlobal,
    );
    if (!account.allowed) {
      await limiter.refund(pairKey, pair);
      throw tooManyRequests(TOO_MANY_ATTEMPTS, account.resetInSeconds);
    }
    let valid: boolean;
    try {
      valid = await check();
    } catch (err) {
      // Not a failed guess: give both slots back (best effort; the error is what matters).
      await Promise.allSettled([
        limiter.refund(pairKey, pair),
        limiter.refund(accountKey, account),
      ]);
      throw err;
    }
    if (valid) await Promise.all([limiter.reset(pairKey), limiter.refund(accountKey, account)]);
    return valid;
  };

  return {
    async register(body: RegisterBody): Promise<PublicUser> {
      // Cheap check first so that a taken email does not cost a hash; the unique index decides.
      if (await users.findByEmail(body.email)) {
        throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN_FIELD });
      }
      const passwordHash = await hashPassword(body.password);
      const row = await users.insert({ name: body.name, email: body.email, passwordHash });
      if (!row) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN_FIELD });
      return toPublicUser(row);
    },

    async login(body: LoginBody, ip: string): Promise<{ token: string; user: PublicUser }> {
      await limitPerIp(ip);
      const row = await users.findByEmail(body.email);
      const valid = await checkGuarded(body.email, ip, () =>
        row ? verifyPassword(row.passwordHash, body.password) : verifyAgainstDummy(body.password),
      );
      if (!row || !valid) throw unauthorized(INVALID_CREDENTIALS);
      const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
      return { token, user: toPublicUser(row) };
    },

    /**
     * The signed-in user sets a new password. The current one is checked under the login
     * limits; on success every other session ends and the caller gets a fresh token.
     */
    async changePassword(
      userId: string,
      body: ChangePasswordBody,
      ip: string,
    ): Promise<{ token: string; user: PublicUser }> {
      const row = await users.findById(userId);
      if (!row) throw unauthorized('Invalid or expired token');
      const admin = deps.configuredAdminEmail?.trim().toLowerCase();
      if (admin && row.email.toLowerCase() === admin) throw conflict(ADMIN_PASSWORD_MANAGED);
      if (body.newPassword === body.currentPassword)
        throw badRequest(SAME_PASSWORD, { newPassword: SAME_PASSWORD });
      await limitPerIp(ip);
      const valid = await checkGuarded(row.email, ip, () =>
        verifyPassword(row.passwordHash, body.currentPassword),
      );
      if (!valid)
        throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
      const updated = await users.setPassword(row.id, await hashPassword(body.newPassword));
      if (!updated) throw unauthorized('Invalid or expired token');
      await changed(row.id);
      const token = await tokens.sign({ userId: updated.id, tokenVersion: updated.tokenVersion });
      return { token, user: toPublicUser(updated) };
    },

    /** Every token issued so far for this user stops working. */
    async logout(userId: string): Promise<void> {
      await users.bumpTokenVersion(userId);
      await changed(userId);
    },

    /** Deletes the account and everything it owns (foreign keys cascade). */
    async deleteAccount(userId: string): Promise<void> {
      await users.delete(userId);
      await changed(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
