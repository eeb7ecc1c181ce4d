import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** Route options of a learner's write: signed in, within the write budget and the body limit. */
export const learnerWrite = (
  app: FastifyInstance,
  opts: { writeLimit: LearningWriteLimit; bodyLimit: number },
) => ({ onRequest: app.authenticate, preHandler: opts.writeLimit, bodyLimit: opts.bodyLimit });
