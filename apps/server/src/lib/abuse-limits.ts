import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors';
import type { RateLimiter } from './rate-limiter';

export const TOO_MANY_REGISTRATIONS = 'Too many registrations. Please try again later.';
/** Chat is read by learners in the app: Indonesian, like the rest of the chat's messages. */
export const TOO_MANY_QUESTIONS = 'Terlalu banyak pertanyaan. Tunggu sebentar, lalu coba lagi.';

export interface AbuseLimits {
  register: { maxPerIp: number; maxGlobal: number; windowSeconds: number };
  chat: { maxPerUser: number; maxPerIp: number; maxGlobal: number };
}

/**
 * The per-address and global limits of the expensive public and learner routes, counted in the
 * database by the same fixed-window counters as login (lib/rate-limiter.ts), so every process
 * sharing a PostgreSQL shares them. Each check is one statement; the narrowest counter comes
 * first, so a client over its own limit does not use up the wider ones.
 */
export function createAbuseLimits(limiter: RateLimiter, limits: AbuseLimits) {
  return {
    /** preHandler of POST /api/auth/register (after validation, before the password hash). */
    register: async (request: FastifyRequest): Promise<void> => {
      const { maxPerIp, maxGlobal, windowSeconds } = limits.register;
      const { blocked } = await limiter.hitChain(
        [
          { key: `register:ip:${request.ip}`, max: maxPerIp },
          { key: 'register:global', max: maxGlobal },
        ],
        windowSeconds,
      );
      if (blocked) throw tooManyRequests(TOO_MANY_REGISTRATIONS, blocked.retryAfterSeconds);
    },

    /** Chat: per learner, per address and for everyone, each per minute. */
    chat: async (request: FastifyRequest, userId: string): Promise<void> => {
      const { maxPerUser, maxPerIp, maxGlobal } = limits.chat;
      const { blocked } = await limiter.hitChain(
        [
          { key: `chat:user:${userId}`, max: maxPerUser },
          { key: `chat:ip:${request.ip}`, max: maxPerIp },
          { key: 'chat:global', max: maxGlobal },
        ],
        60,
      );
      if (blocked) throw tooManyRequests(TOO_MANY_QUESTIONS, blocked.retryAfterSeconds);
    },
  };
}
export type AbuseLimitsService = ReturnType<typeof createAbuseLimits>;
