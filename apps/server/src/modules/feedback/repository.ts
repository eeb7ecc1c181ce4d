import { asc, eq, sql } from 'drizzle-orm';
import { LEARNING_MESSAGES } from '@dwitunggal/contracts/learning';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { FeedbackRecord } from '@dwitunggal/contracts/schemas/learning';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';
import { notFound } from '../../lib/errors';

type FeedbackRow = typeof feedback.$inferSelect;

export interface NewFeedback {
  character: CharacterKey;
  messageId: string;
  rating: 'up' | 'down';
  reason: FeedbackRecord['reason'];
  comment: string | null;
  question: string | null;
  answer: string;
  at: Date;
}

export function toFeedbackRecord(row: FeedbackRow): FeedbackRecord {
  return {
    character: row.character,
    messageId: row.messageId,
    rating: row.rating,
    reason: row.reason,
    comment: row.comment,
    question: row.question,
    answer: row.answer,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Ratings of answers: one per learner and answer, a second one replaces the first. */
export function createFeedbackRepository(db: Db) {
  return {
    /**
     * Stores the rating; returns it and the rating it replaced (null when it is the first).
     * The insert comes first: when two requests rate the same answer at once (two processes, a
     * double click), exactly one of them creates the row and the other then reads and locks it,
     * so only one is told that its rating was the first.
     */
    async upsert(
      userId: string,
      item: NewFeedback,
    ): Promise<{ record: FeedbackRecord; previous: 'up' | 'down' | null }> {
      const values = {
        character: item.character,
        rating: item.rating,
        reason: item.reason,
        comment: item.comment,
        question: item.question,
        answer: item.answer,
        updatedAt: item.at,
      };
      const mine = sql`${feedback.userId} = ${userId} and ${feedback.messageId} = ${item.messageId}`;
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(feedback)
          .values({ ...values, userId, messageId: item.messageId, createdAt: item.at })
          .onConflictDoNothing({ target: [feedback.userId, feedback.messageId] })
          .returning();
        if (created) return { record: toFeedbackRecord(created), previous: null };
        const [before] = await tx
          .select({ rating: feedback.rating })
          .from(feedback)
          .where(mine)
          .for('update');
        const [row] = await tx.update(feedback).set(values).where(mine).returning();
        // Gone between the two statements: the learner's data was deleted meanwhile.
        if (!before || !row) throw notFound(LEARNING_MESSAGES.turnNotFound);
        return { record: toFeedbackRecord(row), previous: before.rating };
      });
    },

    async all(userId: string): Promise<FeedbackRecord[]> {
      const rows = await db
        .select()
        .from(feedback)
        .where(eq(feedback.userId, userId))
        .orderBy(asc(feedback.id));
      return rows.map(toFeedbackRecord);
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
