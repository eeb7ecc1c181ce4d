import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
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
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CHARACTER_KEYS } from '@dwitunggal/contracts/characters';

/** The database's own check that a text-enum column holds one of `values`. */
const enumCheck = (table: string, column: AnyPgColumn, values: readonly string[]) =>
  check(
    `${table}_${column.name}_check`,
    sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`,
  );
/** The figure a row belongs to (checked with `enumCheck(table, t.character, CHARACTER_KEYS)`). */
const figureColumn = () => text('character', { enum: CHARACTER_KEYS }).notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A generated bigint primary key. */
const serialId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
/** A uuid reference to the row that owns this one: deleting the owner deletes it. */
const ownerId = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });
/** The learner a row belongs to, deleted with them. */
const learnerId = () => ownerId('user_id', () => users.id);

const USER_ROLES = ['user', 'admin'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /** Bumped on logout and password change: every token carrying an older version fails. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The learner lets their unanswered questions and ratings reach the curators' inbox. */
    contribute: boolean('contribute').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    enumCheck('users', t.role, USER_ROLES),
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
    character: figureColumn(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    /** Display name for learners (null: none; the chat shows the name with spaces). */
    label: text('label'),
    /** Inputs linked to the response each asks for, as texts (decision 023); [] when none. */
    links: jsonb('links').$type<{ input: string; response: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tags_character_name_key_unique').on(t.character, t.nameKey),
    index('tags_character_seq_idx').on(t.character, t.seq),
    enumCheck('tags', t.character, CHARACTER_KEYS),
  ],
);

/** A tag's ordered phrases (its inputs, its responses); `text_key` is the folded text. */
const tagPhraseColumns = () => ({
  id: serialId(),
  tagId: ownerId('tag_id', () => tags.id),
  text: text('text').notNull(),
  textKey: text('text_key').notNull(),
  position: integer('position').notNull(),
});

/** Training phrases of a tag, in their stored order. */
export const tagInputs = pgTable('tag_inputs', tagPhraseColumns(), (t) => [
  uniqueIndex('tag_inputs_tag_text_key_unique').on(t.tagId, t.textKey),
  uniqueIndex('tag_inputs_tag_position_unique').on(t.tagId, t.position),
]);

/** Replies of a tag, in their stored order. */
export const tagResponses = pgTable('tag_responses', tagPhraseColumns(), (t) => [
  // A response may be 1000 characters, i.e. up to 3000 bytes of UTF-8: over the btree entry
  // limit (about 2700 bytes), so uniqueness is enforced on a digest of the folded text.
  uniqueIndex('tag_responses_tag_text_key_unique').on(t.tagId, sql`md5(${t.textKey})`),
  uniqueIndex('tag_responses_tag_position_unique').on(t.tagId, t.position),
]);

/**
 * Small durable facts about the instance, e.g. `seeded:tags:soekarno` once a figure's seed
 * corpus was loaded, so that an admin who deletes every tag is not re-seeded at the next start.
 */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Binary column. node-postgres returns a Buffer and PGlite a Uint8Array: both are Uint8Arrays,
 * and a Buffer is what both drivers accept as a bytea parameter.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

const VERSION_STATUSES = ['active', 'candidate', 'retired'] as const;

/**
 * One trained model of a figure. `version` counts up per figure and names the immutable URLs
 * (/api/models/{figure}/v/{version}/...); at most one version per figure is 'active' (the one
 * the chat loads), 'candidate' is a model the quality gate kept out, 'retired' a former active.
 */
export const modelVersions = pgTable(
  'model_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    character: figureColumn(),
    version: integer('version').notNull(),
    status: text('status', { enum: VERSION_STATUSES }).notNull(),
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
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('model_versions_character_version_unique').on(t.character, t.version),
    uniqueIndex('model_versions_one_active_per_character')
      .on(t.character)
      .where(sql`status = 'active'`),
    enumCheck('model_versions', t.character, CHARACTER_KEYS),
    enumCheck('model_versions', t.status, VERSION_STATUSES),
  ],
);

/**
 * The files of a model version (model.json, weights.bin, word_index.json, content.json), kept in
 * the database so that every server process behind a proxy serves the same bytes.
 */
export const modelFiles = pgTable(
  'model_files',
  {
    versionId: ownerId('version_id', () => modelVersions.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** Strong validator: a digest of the bytes. */
    etag: text('etag').notNull(),
    bytes: integer('bytes').notNull(),
    body: bytea('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.name] })],
);

const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

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
    character: figureColumn(),
    status: text('status', { enum: RUN_STATUSES }).notNull(),
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
    enumCheck('training_runs', t.character, CHARACTER_KEYS),
    enumCheck('training_runs', t.status, RUN_STATUSES),
  ],
);

const TURN_ROLES = ['user', 'figure'] as const;
const TURN_MODELS = ['tfjs', 'rag'] as const;

/**
 * A learner's conversation with a figure, one row per turn, for both models: rag turns are
 * written by the chat route, tfjs turns (answered in the browser) are synced by the client.
 * `client_id` is the client's own id of the turn, unique per user, so that a resent batch is a
 * no-op. `created_at` is the client's time, clamped by the server.
 */
export const conversationTurns = pgTable(
  'conversation_turns',
  {
    id: serialId(),
    userId: learnerId(),
    character: figureColumn(),
    clientId: text('client_id').notNull(),
    role: text('role', { enum: TURN_ROLES }).notNull(),
    text: text('text').notNull(),
    model: text('model', { enum: TURN_MODELS }).notNull(),
    /** {tag?, confidence?, fallback?, unsure?, sources?: string[]} (bounded by the contract). */
    meta: jsonb('meta').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_turns_user_client_unique').on(t.userId, t.clientId),
    index('conversation_turns_user_character_time_idx').on(
      t.userId,
      t.character,
      t.createdAt,
      t.id,
    ),
    enumCheck('conversation_turns', t.character, CHARACTER_KEYS),
    enumCheck('conversation_turns', t.role, TURN_ROLES),
    enumCheck('conversation_turns', t.model, TURN_MODELS),
  ],
);

/** Tags a learner reached with a figure: the union over every device; kept when history is cleared. */
export const achievements = pgTable(
  'achievements',
  {
    userId: learnerId(),
    character: figureColumn(),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.character, t.tag] }),
    enumCheck('achievements', t.character, CHARACTER_KEYS),
  ],
);

const RATINGS = ['up', 'down'] as const;

/**
 * A learner's rating of one figure answer (one per answer: a second rating replaces the first).
 * The question and answer are copied from the stored turns, never taken from the request.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: serialId(),
    userId: learnerId(),
    character: figureColumn(),
    messageId: text('message_id').notNull(),
    rating: text('rating', { enum: RATINGS }).notNull(),
    reason: text('reason', {
      enum: ['salah_fakta', 'tidak_menjawab', 'bahasa_aneh', 'lainnya'],
    }),
    comment: text('comment'),
    question: text('question'),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('feedback_user_message_unique').on(t.userId, t.messageId),
    enumCheck('feedback', t.character, CHARACTER_KEYS),
    enumCheck('feedback', t.rating, RATINGS),
  ],
);

const INBOX_STATUSES = ['open', 'added', 'ignored'] as const;

/**
 * The curators' inbox: groups of similar learner questions per figure (the group key is the
 * question's sorted content words), with their status. `count` is the number of its items not
 * yet expired, kept by the same statements that add and expire items. No user identity.
 */
export const inboxGroups = pgTable(
  'inbox_groups',
  {
    id: serialId(),
    character: figureColumn(),
    groupKey: text('group_key').notNull(),
    status: text('status', { enum: INBOX_STATUSES }).notNull().default('open'),
    count: integer('count').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    suggestedTag: text('suggested_tag'),
    suggestedConfidence: doublePrecision('suggested_confidence'),
  },
  (t) => [
    uniqueIndex('inbox_groups_character_key_unique').on(t.character, t.groupKey),
    index('inbox_groups_listing_idx').on(t.character, t.status, t.count, t.lastSeen),
    enumCheck('inbox_groups', t.character, CHARACTER_KEYS),
    enumCheck('inbox_groups', t.status, INBOX_STATUSES),
  ],
);

const INBOX_SOURCES = ['fallback', 'unsure', 'declined', 'thumbs_down'] as const;

/** One learner question in the inbox (anonymous), expired after INBOX_RETENTION_DAYS. */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: serialId(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => inboxGroups.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    source: text('source', { enum: INBOX_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inbox_items_group_time_idx').on(t.groupId, t.createdAt),
    index('inbox_items_time_idx').on(t.createdAt),
    enumCheck('inbox_items', t.source, INBOX_SOURCES),
  ],
);

/**
 * Learner questions annotated by a curator (added to a tag from the inbox): a frozen evaluation
 * set per figure. The first annotation of a question wins.
 */
export const regressionQuestions = pgTable(
  'regression_questions',
  {
    id: serialId(),
    character: figureColumn(),
    question: text('question').notNull(),
    questionKey: text('question_key').notNull(),
    tagName: text('tag_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('regression_questions_character_key_unique').on(t.character, t.questionKey),
    enumCheck('regression_questions', t.character, CHARACTER_KEYS),
  ],
);
