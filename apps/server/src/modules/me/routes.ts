import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHARACTER_KEYS } from '@dwitunggal/contracts/characters';
import { exportData, settings, type ExportData } from '@dwitunggal/contracts/schemas/learning';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { AchievementRepository } from '../achievements/repository';
import type { ConversationService } from '../conversations/service';
import { learnerRead, learnerWrite, type LearnerWriteOptions } from '../conversations/write-limit';
import type { FeedbackService } from '../feedback/service';
import type { SettingsRepository } from './repository';

/** The learner's own settings (contributing to the inbox) and the export of their data. */
export async function meRoutes(
  app: FastifyInstance,
  opts: LearnerWriteOptions & {
    settings: SettingsRepository;
    achievements: AchievementRepository;
    conversations: ConversationService;
    feedback: FeedbackService;
    now: () => number;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/me/settings',
    learnerRead(app, { tag: 'me', summary: 'My settings' }, settings),
    async (request) => ok(await opts.settings.get(currentUser(request).id), 'Pengaturan'),
  );

  r.put(
    '/me/settings',
    learnerWrite(
      app,
      opts,
      {
        tag: 'me',
        summary: 'Change my settings (contribute: my questions may reach the curators)',
        body: settings,
      },
      settings,
    ),
    async (request) =>
      ok(await opts.settings.set(currentUser(request).id, request.body), 'Pengaturan disimpan'),
  );

  r.get(
    '/me/export',
    learnerRead(
      app,
      {
        tag: 'me',
        summary: 'Download my data: history, achievements, feedback and settings (JSON)',
      },
      exportData,
    ),
    async (request, reply) => {
      const user = currentUser(request);
      const [mySettings, achievements, feedback, ...histories] = await Promise.all([
        opts.settings.get(user.id),
        opts.achievements.all(user.id),
        opts.feedback.all(user.id),
        ...CHARACTER_KEYS.map((c) => opts.conversations.all(user.id, c)),
      ]);
      const conversations = Object.fromEntries(
        CHARACTER_KEYS.map((c, i) => [c, histories[i] ?? []]),
      ) as ExportData['conversations'];
      const exportedAt = new Date(opts.now()).toISOString();
      reply.header(
        'content-disposition',
        `attachment; filename="dwitunggal-data-${exportedAt.slice(0, 10)}.json"`,
      );
      return ok(
        {
          exportedAt,
          user: { name: user.name, email: user.email, createdAt: user.createdAt.toISOString() },
          settings: mySettings,
          achievements,
          conversations,
          feedback,
        },
        'Data Anda',
      );
    },
  );
}
