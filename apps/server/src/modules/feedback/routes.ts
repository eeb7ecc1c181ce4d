import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackBody, feedbackData } from '@dwitunggal/contracts/schemas/learning';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { learnerWrite, type LearnerWriteOptions } from '../conversations/write-limit';
import type { FeedbackService } from './service';

/** POST /api/feedback: rate one of my stored figure answers (a second rating replaces it). */
export async function feedbackRoutes(
  app: FastifyInstance,
  opts: LearnerWriteOptions & { feedback: FeedbackService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/feedback',
    learnerWrite(
      app,
      opts,
      {
        tag: 'feedback',
        summary: "Rate a figure's answer: up or down, an optional reason and comment",
        body: feedbackBody,
      },
      feedbackData,
      [404],
    ),
    async (request) =>
      ok(
        await opts.feedback.submit(currentUser(request).id, request.body),
        'Terima kasih atas penilaian Anda',
      ),
  );
}
