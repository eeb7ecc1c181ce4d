import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    up: z.boolean(),
    latencyMs: z.number(),
  }),
  uptimeSeconds: z.number(),
});

/** Liveness and database readiness: 200 when the database answers within 2 s, else 503. */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness and database readiness',
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let up = true;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          opts.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), 2000);
          }),
        ]);
      } catch {
        up = false;
      } finally {
        clearTimeout(timer);
      }
      const body = {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: opts.database.kind,
          up,
          latencyMs: Math.round((performance.now() - started) * 10) / 10,
        },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.code(up ? 200 : 503).send(body);
    },
  );
}
