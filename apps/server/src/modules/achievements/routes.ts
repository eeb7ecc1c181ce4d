import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  achievementProgress,
  achievementsBody,
  achievementsData,
  figureParams,
} from '@dwitunggal/contracts/schemas/learning';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { learnerRead, learnerWrite, type LearnerWriteOptions } from '../conversations/write-limit';
import type { AchievementRepository } from './repository';

/** My achievements (both figures), and adding the tags a device reached (a union). */
export async function achievementRoutes(
  app: FastifyInstance,
  opts: LearnerWriteOptions & { achievements: AchievementRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/achievements',
    learnerRead(
      app,
      {
        tag: 'achievements',
        summary: 'My achievements with both figures (denominator 10, floor percent)',
      },
      achievementsData,
    ),
    async (request) => ok(await opts.achievements.all(currentUser(request).id), 'Pencapaian'),
  );

  r.post(
    '/achievements/:figure',
    learnerWrite(
      app,
      opts,
      {
        tag: 'achievements',
        summary: 'Add reached tags to my achievements with a figure (never removes any)',
        params: figureParams,
        body: achievementsBody,
      },
      achievementProgress,
    ),
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
