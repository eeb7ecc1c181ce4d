import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CHARACTER_KEYS } from '@dwitunggal/contracts/characters';
import type { LagReading } from '../lib/event-loop-lag';

export const OVERLOADED_MESSAGE = 'The server is busy. Please try again in a few seconds.';

/**
 * The routes that cost real work per request (a password hash, retrieval and generation, a
 * training run): while the event loop lags they answer 503 at once, before authentication or
 * body parsing, so that the process catches up. Everything else (health, profile, tag lists,
 * model files) keeps answering.
 */
export const EXPENSIVE_ROUTES: ReadonlyArray<{ method: 'POST'; url: string }> = [
  { method: 'POST', url: '/api/auth/register' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/chat' },
  ...CHARACTER_KEYS.map((figure) => ({
    method: 'POST' as const,
    url: `/api/etl-run-model1-${figure}`,
  })),
];

export interface LoadSheddingOptions {
  /** The event loop's recent lag in ms (lib/event-loop-lag.ts; tests give their own). */
  lagMs: LagReading;
  /** Above this lag the expensive routes answer 503; 0 turns shedding off. */
  maxLagMs: number;
  retryAfterSeconds: number;
}

export const loadSheddingPlugin = fp(async (app: FastifyInstance, opts: LoadSheddingOptions) => {
  if (opts.maxLagMs <= 0) return;
  const expensive = new Set(EXPENSIVE_ROUTES.map((r) => `${r.method} ${r.url}`));
  const body = JSON.stringify({ code: 503, status: 'error', message: OVERLOADED_MESSAGE });
  app.addHook('onRequest', (request, reply, done) => {
    if (
      opts.lagMs() <= opts.maxLagMs ||
      !expensive.has(`${request.method} ${request.routeOptions.url}`)
    ) {
      done();
      return;
    }
    request.log.warn(
      { lagMs: Math.round(opts.lagMs()) },
      'event loop lags: shedding an expensive request',
    );
    void reply
      .code(503)
      .header('retry-after', String(opts.retryAfterSeconds))
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  });
  // The list names routes by path: a renamed route must not silently drop out of it.
  app.addHook('onReady', async () => {
    const missing = EXPENSIVE_ROUTES.filter((r) => !app.hasRoute(r));
    if (missing.length > 0) {
      throw new Error(
        `load shedding lists routes that do not exist: ${missing.map((r) => r.url).join(', ')}`,
      );
    }
  });
});
