import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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

/**
 * Binary column. node-postgres returns a Buffer and PGlite a Uint8Array: both are Uint8Arrays,
 * and a Buffer is what both drivers accept as a bytea parameter.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * One trained model of a figure. `version` counts up per figure and names the immutable URLs
 * (/api/models/{figure}/v/{version}/...); at most one version per figure is 'active' (the one
 * the chat loads), 'candidate' is a model the quality gate kept out, 'retired' a former active.
 */
export const modelVersions = pgTable(
  'model_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    character: text('character', { enum: ['soekarno', 'hatta'] }).notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: ['active', 'candidate', 'retired'] }).notNull(),
    /** The training run that produced it (runs are history: no foreign key). */
    runId: uuid('run_id'),
    /** sha256 of the canonical training data (tags sorted by name). */
    dataHash: text('data_hash').notNull(),
    tags: integer('tags').notNull(),
    inputs: integer('inputs').notNull(),
    /** {cv: metrics report + folds + seed, heldout?: metrics report}. */
    metrics: jsonb('metrics').notNull(),
    /** [{epoch, loss}] of the final training. */
    history: jsonb('history').notNull(),
    /** Training and cross-validation time in the worker. */
    durationMs: integer('duration_ms').notNull(),
    /** Total bytes of the files. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('model_versions_character_version_unique').on(t.character, t.version),
    uniqueIndex('model_versions_one_active_per_character')
      .on(t.character)
      .where(sql`status = 'active'`),
    check('model_versions_character_check', sql`${t.character} in ('soekarno', 'hatta')`),
    check('model_versions_status_check', sql`${t.status} in ('active', 'candidate', 'retired')`),
  ],
);

/**
 * The files of a model version (model.json, weights.bin, word_index.json, content.json), kept in
 * the database so that every server process behind a proxy serves the same bytes.
 */
export const modelFiles = pgTable(
  'model_files',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => modelVersions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** Strong validator: a digest of the bytes. */
    etag: text('etag').notNull(),
    bytes: integer('bytes').notNull(),
    body: bytea('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.name] })],
);

/**
 * One retraining request and its outcome. The partial unique index allows one queued or running
 * run per figure across every process (a second insert is a unique violation, answered 409).
 * `owner_id` is the server process that runs it and `heartbeat_at` proves it is alive; a run
 * whose heartbeat stops is failed by recovery.
 */
export const trainingRuns = pgTable(
  'training_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    character: text('character', { enum: ['soekarno', 'hatta'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    force: boolean('force').notNull().default(false),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    ownerId: text('owner_id').notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** {phase, epoch, epochs, loss}. */
    progress: jsonb('progress').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    error: text('error'),
    versionId: uuid('version_id').references(() => modelVersions.id, { onDelete: 'set null' }),
    /** Kept when the version itself is pruned. */
    version: integer('version'),
    activated: boolean('activated'),
    /** {passed, candidateMacroF1, activeMacroF1, threshold}. */
    gate: jsonb('gate'),
    dataHash: text('data_hash'),
  },
  (t) => [
    uniqueIndex('training_runs_one_active_per_character')
      .on(t.character)
      .where(sql`status in ('queued', 'running')`),
    index('training_runs_character_started_idx').on(t.character, t.startedAt),
    check('training_runs_character_check', sql`${t.character} in ('soekarno', 'hatta')`),
    check(
      'training_runs_status_check',
      sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`,
    ),
  ],
);
