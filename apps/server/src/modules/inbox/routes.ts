import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  figureParams,
  inboxActionBody,
  inboxActionData,
  inboxPage,
  inboxQuery,
  inboxSummary,
  regressionData,
} from '@dwitunggal/contracts/learning';
import { ok, responses } from '../../lib/envelope';
import { REGRESSION_PAGE_MAX, type InboxService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The curators' inbox (its retention cleanup is run by tests with an injected clock). */
    inbox: InboxService;
  }
}

const READ_ERRORS = [400, 401, 403, 500, 503];
const regressionQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(REGRESSION_PAGE_MAX, { error: `limit cannot exceed ${REGRESSION_PAGE_MAX}` })
    .default(REGRESSION_PAGE_MAX),
  offset: inboxQuery.shape.offset,
});

/**
 * The curators' inbox ("Kotak Masuk"), admins only: open groups of similar learner questions
 * per figure, their count for the archive's badge, bulk actions, and the regression set that
 * added questions form. Nothing here names a learner.
 */
export async function inboxRoutes(
  app: FastifyInstance,
  opts: { inbox: InboxService; bodyLimit: number },
) {
  const { inbox } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = {
    tags: ['inbox'],
    security: [{ bearerAuth: [] }],
    params: figureParams,
  };

  r.get(
    '/inbox/:figure',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...common,
        summary: 'Open groups of questions the figure could not answer, most frequent first',
        querystring: inboxQuery,
        response: responses(inboxPage, 200, READ_ERRORS),
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      return ok(await inbox.list(request.params.figure, limit, offset), 'Kotak masuk');
    },
  );

  r.get(
    '/inbox/:figure/summary',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...common,
        summary: 'How many inbox groups are waiting (the archive badge)',
        response: responses(inboxSummary, 200, READ_ERRORS),
      },
    },
    async (request) => ok(await inbox.summary(request.params.figure), 'Ringkasan kotak masuk'),
  );

  r.post(
    '/inbox/:figure/actions',
    {
      onRequest: app.requireAdmin,
      bodyLimit: opts.bodyLimit,
      schema: {
        ...common,
        summary: 'Add groups to a tag, create a tag from them, or ignore them (bulk)',
        body: inboxActionBody,
        response: responses(inboxActionData, 200, [400, 401, 403, 404, 409, 413, 500, 503]),
      },
    },
    async (request) =>
      ok(await inbox.act(request.params.figure, request.body), 'Tindakan disimpan'),
  );

  r.get(
    '/inbox/:figure/regression',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...common,
        summary: "The figure's regression set: learner questions annotated from the inbox",
        querystring: regressionQuery,
        response: responses(regressionData, 200, READ_ERRORS),
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      return ok(await inbox.regression(request.params.figure, limit, offset), 'Set regresi');
    },
  );
}
