import { and, asc, count, eq } from 'drizzle-orm';
import { CHARACTER_KEYS, type CharacterKey } from '@dwitunggal/contracts/characters';
import {
  ACHIEVEMENT_DENOMINATOR,
  ACHIEVEMENT_TAGS_MAX,
  achievementPercent,
} from '@dwitunggal/contracts/learning';
import {
  type AchievementProgress,
  type AchievementsData,
} from '@dwitunggal/contracts/schemas/learning';
import type { Db } from '../../db/client';
import { achievements } from '../../db/schema';

const progressOf = (tags: string[]): AchievementProgress => ({
  tags,
  count: tags.length,
  denominator: ACHIEVEMENT_DENOMINATOR,
  percent: achievementPercent(tags.length),
});

/**
 * A learner's achievements per figure: a set of tag names that only grows (a union over every
 * device), kept when the history is cleared, gone with the account (foreign key cascade).
 */
export function createAchievementRepository(db: Db) {
  const ofFigure = (userId: string, character: CharacterKey) =>
    and(eq(achievements.userId, userId), eq(achievements.character, character));

  return {
    async all(userId: string): Promise<AchievementsData> {
      const rows = await db
        .select({ character: achievements.character, tag: achievements.tag })
        .from(achievements)
        .where(eq(achievements.userId, userId))
        .orderBy(asc(achievements.createdAt), asc(achievements.tag));
      const byFigure = Object.fromEntries(
        CHARACTER_KEYS.map((c) => [
          c,
          progressOf(rows.filter((r) => r.character === c).map((r) => r.tag)),
        ]),
      );
      return byFigure as AchievementsData;
    },

    /**
     * Adds tags to the figure's set (never removes). At most ACHIEVEMENT_TAGS_MAX per figure:
     * tags past that are not stored.
     */
    async add(
      userId: string,
      character: CharacterKey,
      tags: string[],
    ): Promise<AchievementProgress> {
      const [row] = await db
        .select({ n: count() })
        .from(achievements)
        .where(ofFigure(userId, character));
      const room = Math.max(0, ACHIEVEMENT_TAGS_MAX - Number(row?.n ?? 0));
      const unique = [...new Set(tags)].slice(0, room);
      if (unique.length > 0)
        await db
          .insert(achievements)
          .values(unique.map((tag) => ({ userId, character, tag })))
          .onConflictDoNothing();
      const stored = await db
        .select({ tag: achievements.tag })
        .from(achievements)
        .where(ofFigure(userId, character))
        .orderBy(asc(achievements.createdAt), asc(achievements.tag));
      return progressOf(stored.map((r) => r.tag));
    },
  };
}
export type AchievementRepository = ReturnType<typeof createAchievementRepository>;
