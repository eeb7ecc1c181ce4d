import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LEARNING_MESSAGES } from '@dwitunggal/contracts/learning';
import type { z } from 'zod';
import { responses } from '../../lib/envelope';
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

/** What every learner module's routes are given for their writes. */
export interface LearnerWriteOptions {
  writeLimit: LearningWriteLimit;
  bodyLimit: number;
}

/** What a learner's route documents beside its answers: its OpenAPI tag and summary, its input. */
interface LearnerSchema {
  tag: string;
  summary: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

const documented = <S extends LearnerSchema>(
  { tag, ...schema }: S,
  data: z.ZodType,
  errorCodes: number[],
) => ({
  tags: [tag],
  security: [{ bearerAuth: [] }],
  ...schema,
  response: responses(data, 200, errorCodes),
});

/**
 * Route options of a read of the learner's own data: signed in; a 400 is documented when the
 * route takes input.
 */
export const learnerRead = <S extends LearnerSchema>(
  app: FastifyInstance,
  schema: S,
  data: z.ZodType,
) => ({
  onRequest: app.authenticate,
  schema: documented(
    schema,
    data,
    schema.params || schema.querystring ? [400, 401, 500, 503] : [401, 500, 503],
  ),
});

/**
 * Route options of a learner's write: signed in, within the write budget and the body limit;
 * `extraErrors` are the route's own (e.g. 404), documented beside the common ones.
 */
export const learnerWrite = <S extends LearnerSchema>(
  app: FastifyInstance,
  opts: LearnerWriteOptions,
  schema: S,
  data: z.ZodType,
  extraErrors: number[] = [],
) => ({
  onRequest: app.authenticate,
  preHandler: opts.writeLimit,
  bodyLimit: opts.bodyLimit,
  schema: documented(
    schema,
    data,
    [400, 401, 413, 429, 500, 503, ...extraErrors].sort((a, b) => a - b),
  ),
});
