import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clearedData,
  figureParams,
  historyPage,
  historyQuery,
  syncBody,
  syncData,
} from '@dwitunggal/contracts/schemas/learning';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { ConversationService } from './service';
import { learnerRead, learnerWrite, type LearnerWriteOptions } from './write-limit';

/**
 * A learner's own history with a figure: paged reads (newest first), idempotent batch sync of
 * the turns answered in the browser (tfjs), and clearing. Only ever the caller's own turns.
 */
export async function conversationRoutes(
  app: FastifyInstance,
  opts: LearnerWriteOptions & { conversations: ConversationService },
) {
  const { conversations } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tag: 'conversations', params: figureParams };

  r.get(
    '/conversations/:figure',
    learnerRead(
      app,
      {
        ...common,
        summary: 'My history with a figure, newest first (page with nextBefore)',
        querystring: historyQuery,
      },
      historyPage,
    ),
    async (request) => {
      const { limit, before } = request.query;
      const page = await conversations.page(
        currentUser(request).id,
        request.params.figure,
        limit,
        before,
      );
      return ok(page, 'Riwayat percakapan');
    },
  );

  r.post(
    '/conversations/:figure/turns',
    learnerWrite(
      app,
      opts,
      {
        ...common,
        summary: 'Store turns answered on the device (idempotent on clientId; up to 50)',
        body: syncBody,
      },
      syncData,
    ),
    async (request) => {
      const data = await conversations.sync(
        currentUser(request).id,
        request.params.figure,
        request.body.turns,
      );
      return ok(data, 'Riwayat disimpan');
    },
  );

  r.delete(
    '/conversations/:figure',
    {
      onRequest: app.authenticate,
      preHandler: opts.writeLimit,
      schema: {
        tags: [common.tag],
        security: [{ bearerAuth: [] }],
        params: common.params,
        summary: 'Clear my history with a figure (achievements are kept)',
        response: responses(clearedData, 200, [400, 401, 429, 500, 503]),
      },
    },
    async (request) => {
      const deleted = await conversations.clear(currentUser(request).id, request.params.figure);
      return ok({ deleted }, 'Riwayat dihapus');
    },
  );
}
