import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** Bumped on logout and password change: every token carrying an older version fails. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

/** Fixed-window counters for login rate limiting, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Training data: one row per tag (intent) of a figure. `name_key` is the folded name
 * (`foldPhrase` from the contracts, computed in TypeScript) so that case-insensitive uniqueness
 * is the same on PGlite (C locale, whose lower() folds ASCII only) and on PostgreSQL. `seq`
 * orders the tags by creation, stable even for tags inserted in one transaction.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    character: text('character', { enum: ['soekarno', 'hatta'] }).notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_character_name_key_unique').on(t.character, t.nameKey),
    index('tags_character_seq_idx').on(t.character, t.seq),
    check('tags_character_check', sql`${t.character} in ('soekarno', 'hatta')`),
  ],
);

/** Training phrases of a tag, in their stored order; `text_key` is the folded text. */
export const tagInputs = pgTable(
  'tag_inputs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('tag_inputs_tag_text_key_unique').on(t.tagId, t.textKey),
    uniqueIndex('tag_inputs_tag_position_unique').on(t.tagId, t.position),
  ],
);

/** Replies of a tag, in their stored order; `text_key` is the folded text. */
export const tagResponses = pgTable(
  'tag_responses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    // A response may be 1000 characters, i.e. up to 3000 bytes of UTF-8: over the btree entry
    // limit (about 2700 bytes), so uniqueness is enforced on a digest of the folded text.
    uniqueIndex('tag_responses_tag_text_key_unique').on(t.tagId, sql`md5(${t.textKey})`),
    uniqueIndex('tag_responses_tag_position_unique').on(t.tagId, t.position),
  ],
);

/**
 * Small durable facts about the instance, e.g. `seeded:tags:soekarno` once a figure's seed
 * corpus was loaded, so that an admin who deletes every tag is not re-seeded at the next start.
 */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
