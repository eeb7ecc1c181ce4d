import { asc, eq, sql } from 'drizzle-orm';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { FeedbackRecord } from '@dwitunggal/contracts/schemas/learning';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';

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
    /** Stores the rating; returns it and the rating it replaced (null when it is the first). */
    async upsert(
      userId: string,
      item: NewFeedback,
    ): Promise<{ record: FeedbackRecord; previous: 'up' | 'down' | null }> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ rating: feedback.rating })
          .from(feedback)
          .where(sql`${feedback.userId} = ${userId} and ${feedback.messageId} = ${item.messageId}`)
          .for('update');
        const values = {
          character: item.character,
          rating: item.rating,
          reason: item.reason,
          comment: item.comment,
          question: item.question,
          answer: item.answer,
          updatedAt: item.at,
        };
        const [row] = await tx
          .insert(feedback)
          .values({ ...values, userId, messageId: item.messageId, createdAt: item.at })
          .onConflictDoUpdate({ target: [feedback.userId, feedback.messageId], set: values })
          .returning();
        if (!row) throw new Error('feedback upsert returned nothing');
        return { record: toFeedbackRecord(row), previous: before?.rating ?? null };
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
