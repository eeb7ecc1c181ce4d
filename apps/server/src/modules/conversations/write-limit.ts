import type { FastifyRequest } from 'fastify';
import { LEARNING_MESSAGES } from '@dwitunggal/contracts/learning';
import { tooManyRequests } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { currentUser } from '../../plugins/auth';

/**
 * The per-learner budget of writes to their history, achievements, feedback and settings (a
 * preHandler), counted in the database like the chat limits so that every process shares it.
 */
export function createLearningWriteLimit(limiter: RateLimiter, maxPerMinute: number) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = `learning:user:${currentUser(request).id}`;
    const { blocked } = await limiter.hitChain([{ key, max: maxPerMinute }], 60);
    if (blocked) throw tooManyRequests(LEARNING_MESSAGES.tooManyWrites, blocked.retryAfterSeconds);
  };
}
export type LearningWriteLimit = ReturnType<typeof createLearningWriteLimit>;
