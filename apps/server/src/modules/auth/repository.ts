import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function createUserRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return rows[0];
    },
    /** Inserts a user; returns undefined when the email is already taken (any case). */
    async insert(values: {
      name: string;
      email: string;
      passwordHash: string;
      role?: 'user' | 'admin';
    }): Promise<UserRow | undefined> {
      const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
      return rows[0];
    },
    async setRole(id: string, role: 'user' | 'admin'): Promise<void> {
      await db.update(users).set({ role }).where(eq(users.id, id));
    },
    /** Sets a new password hash and revokes every token issued so far, in one statement. */
    async setPassword(
      id: string,
      passwordHash: string,
      role?: 'user' | 'admin',
    ): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          ...(role ? { role } : {}),
        })
        .where(eq(users.id, id))
        .returning();
      return rows[0];
    },
    /** Makes every token issued so far for this user invalid. */
    async bumpTokenVersion(id: string): Promise<void> {
      await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id));
    },
    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;

/** The key of a user in the per-process user caches (dropped in every process on change). */
export const userCacheKey = (id: string) => `user:${id}`;
