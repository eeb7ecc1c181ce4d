import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import {
  figureParams,
  inboxActionBody,
  inboxActionData,
  inboxPage,
  inboxQuery,
  inboxSummary,
  pageLimit,
  regressionData,
} from '@dwitunggal/contracts/schemas/learning';
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
  limit: pageLimit(REGRESSION_PAGE_MAX, REGRESSION_PAGE_MAX),
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

  /** A paged admin listing of one figure: `limit` and `offset` in the query string. */
  const pagedGet = <Q extends typeof inboxQuery | typeof regressionQuery, D extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Q,
    data: D,
    load: (figure: CharacterKey, limit: number, offset: number) => Promise<z.infer<D>>,
    message: string,
  ) =>
    r.get(
      path,
      {
        onRequest: app.requireAdmin,
        schema: { ...common, summary, querystring, response: responses(data, 200, READ_ERRORS) },
      },
      async (request) => {
        const { limit, offset } = request.query as { limit: number; offset: number };
        return ok(await load(request.params.figure, limit, offset), message);
      },
    );

  pagedGet(
    '/inbox/:figure',
    'Open groups of questions the figure could not answer, most frequent first',
    inboxQuery,
    inboxPage,
    (...args) => inbox.list(...args),
    'Kotak masuk',
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

  pagedGet(
    '/inbox/:figure/regression',
    "The figure's regression set: learner questions annotated from the inbox",
    regressionQuery,
    regressionData,
    (...args) => inbox.regression(...args),
    'Set regresi',
  );
}
