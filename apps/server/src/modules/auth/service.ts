import type { LoginBody, PublicUser, RegisterBody } from '@dwitunggal/contracts/auth';
import { conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import type { TokenService } from '../../lib/jwt';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { UserRepository, UserRow } from './repository';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please try again later.';

export interface LoginLimits {
  maxPerIp: number;
  maxFailuresPerAccount: number;
  windowSeconds: number;
}

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
  /** Called after a user's token version, role or existence changed (drops cached copies). */
  onUserChanged?: (userId: string) => Promise<void>;
}) {
  const { users, tokens, limiter, limits } = deps;
  const changed = (userId: string) => deps.onUserChanged?.(userId) ?? Promise.resolve();

  return {
    async register(body: RegisterBody): Promise<PublicUser> {
      // Cheap check first so that a taken email does not cost a hash; the unique index decides.
      if (await users.findByEmail(body.email)) {
        throw conflict('Email already registered', { email: 'Email already registered' });
      }
      const passwordHash = await hashPassword(body.password);
      const row = await users.insert({ name: body.name, email: body.email, passwordHash });
      if (!row) throw conflict('Email already registered', { email: 'Email already registered' });
      return toPublicUser(row);
    },

    async login(body: LoginBody, ip: string): Promise<{ token: string; user: PublicUser }> {
      const { windowSeconds } = limits;
      const perIp = await limiter.hit(`login:ip:${ip}`, windowSeconds);
      if (perIp.count > limits.maxPerIp) throw tooManyRequests(TOO_MANY_ATTEMPTS, perIp.resetInSeconds);
      const accountKey = `login:account:${body.email.toLowerCase()}`;
      const failures = await limiter.peek(accountKey, windowSeconds);
      if (failures.count >= limits.maxFailuresPerAccount) {
        throw tooManyRequests(TOO_MANY_ATTEMPTS, failures.resetInSeconds);
      }

      const row = await users.findByEmail(body.email);
      const valid = row
        ? await verifyPassword(row.passwordHash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!row || !valid) {
        await limiter.hit(accountKey, windowSeconds);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      if (failures.count > 0) await limiter.reset(accountKey);
      const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
      return { token, user: toPublicUser(row) };
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
