import { eq } from 'drizzle-orm';
import type { Settings } from '@dwitunggal/contracts/schemas/learning';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** A learner's own settings, read from the database (not the per-process user cache). */
export function createSettingsRepository(db: Db) {
  return {
    async get(userId: string): Promise<Settings> {
      const [row] = await db
        .select({ contribute: users.contribute })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return { contribute: row?.contribute ?? false };
    },
    async set(userId: string, settings: Settings): Promise<Settings> {
      const [row] = await db
        .update(users)
        .set({ contribute: settings.contribute })
        .where(eq(users.id, userId))
        .returning({ contribute: users.contribute });
      return { contribute: row?.contribute ?? settings.contribute };
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
