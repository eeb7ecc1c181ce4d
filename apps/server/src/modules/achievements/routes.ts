import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  achievementProgress,
  achievementsBody,
  achievementsData,
  figureParams,
} from '@dwitunggal/contracts/schemas/learning';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { learnerWrite, type LearningWriteLimit } from '../conversations/write-limit';
import type { AchievementRepository } from './repository';

/** My achievements (both figures), and adding the tags a device reached (a union). */
export async function achievementRoutes(
  app: FastifyInstance,
  opts: { achievements: AchievementRepository; writeLimit: LearningWriteLimit; bodyLimit: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { tags: ['achievements'], security: [{ bearerAuth: [] }] };

  r.get(
    '/achievements',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        summary: 'My achievements with both figures (denominator 10, floor percent)',
        response: responses(achievementsData, 200, [401, 500, 503]),
      },
    },
    async (request) => ok(await opts.achievements.all(currentUser(request).id), 'Pencapaian'),
  );

  r.post(
    '/achievements/:figure',
    {
      ...learnerWrite(app, opts),
      schema: {
        ...secured,
        summary: 'Add reached tags to my achievements with a figure (never removes any)',
        params: figureParams,
        body: achievementsBody,
        response: responses(achievementProgress, 200, [400, 401, 413, 429, 500, 503]),
      },
    },
    async (request) => {
      const progress = await opts.achievements.add(
        currentUser(request).id,
        request.params.figure,
        request.body.tags,
      );
      return ok(progress, 'Pencapaian disimpan');
    },
  );
}
