import { LEARNING_MESSAGES } from '@dwitunggal/contracts/learning';
import { type FeedbackRecord, type TurnMeta } from '@dwitunggal/contracts/schemas/learning';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { notFound } from '../../lib/errors';
import type { ConversationService } from '../conversations/service';
import type { InboxService } from '../inbox/service';
import type { FeedbackRepository } from './repository';

interface FeedbackInput {
  character: CharacterKey;
  messageId: string;
  rating: 'up' | 'down';
  reason?: FeedbackRecord['reason'] | undefined;
  comment?: string | undefined;
}

/**
 * Thumbs up or down on a figure's answer. The rated answer and the question before it are read
 * from the learner's stored turns (never from the request); a thumbs down sends the question to
 * the inbox (once, not again when the same rating is sent twice).
 */
export function createFeedbackService(deps: {
  repo: FeedbackRepository;
  conversations: ConversationService;
  inbox: InboxService;
  now: () => number;
}) {
  const { repo, conversations, inbox } = deps;
  return {
    async submit(
      userId: string,
      body: FeedbackInput,
    ): Promise<FeedbackRecord & { replaced: boolean }> {
      const turn = await conversations.findTurn(userId, body.character, body.messageId);
      if (!turn || turn.role !== 'figure') throw notFound(LEARNING_MESSAGES.turnNotFound);
      const question = await conversations.questionBefore(userId, body.character, turn);
      const { record, previous } = await repo.upsert(userId, {
        character: body.character,
        messageId: body.messageId,
        rating: body.rating,
        reason: body.reason ?? null,
        comment: body.comment ? body.comment : null,
        question,
        answer: turn.text,
        at: new Date(deps.now()),
      });
      if (body.rating === 'down' && previous !== 'down' && question) {
        const meta = turn.meta as TurnMeta;
        await inbox.recordQuietly(userId, {
          character: body.character,
          question,
          source: 'thumbs_down',
          suggestedTag: meta.tag ?? null,
          suggestedConfidence: meta.confidence ?? null,
        });
      }
      return { ...record, replaced: previous !== null };
    },

    all: repo.all.bind(repo),
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
