import { CHARACTER_KEYS } from '../characters';
import { chatSource } from './chat';
import {
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  TURNS_PER_SYNC_MAX,
  TURN_TEXT_MAX,
  ACHIEVEMENT_TAGS_MAX,
  ACHIEVEMENT_TAG_LENGTH_MAX,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_REASONS,
  INBOX_ACTION_GROUPS_MAX,
  INBOX_PAGE_MAX,
  INBOX_SOURCES,
} from '../learning';
import { z } from './zod';

/**
 * Learning that lasts (issue 15): conversations and achievements kept on the server, feedback on
 * answers, the curators' inbox and the learner's own settings and export: the zod schemas; the
 * limits and messages are in the zod-free `../learning`.
 */

const storable = (text: string) =>
  !text.includes('\u0000') &&
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

const figureKey = z.enum(CHARACTER_KEYS, { error: 'figure must be soekarno or hatta' });

/** A figure in a path or body, any case. */
export const figure = z
  .string({ error: 'figure must be soekarno or hatta' })
  .transform((v) => v.trim().toLowerCase())
  .pipe(figureKey);

export const figureParams = z.object({
  figure: figure.describe('soekarno or hatta'),
});

/** A client's id of a turn: short, URL-safe, unique per learner. */
export const clientId = z
  .string({ error: 'clientId is required' })
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, {
    error: 'clientId must be 1-64 letters, digits, or _ . : -',
  });

const boundedText = (max: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(max, { error: `${what} cannot exceed ${max} characters` })
    .refine(storable, { error: 'Text contains invalid characters' });

/** What the client's model said about a figure turn (bounded; unknown keys refused). */
export const turnMeta = z.strictObject({
  tag: z.string().max(ACHIEVEMENT_TAG_LENGTH_MAX).refine(storable).optional(),
  confidence: z.number().min(0).max(1).optional(),
  /** The tfjs model fell back (it was not taught this). */
  fallback: z.boolean().optional(),
  /** The tfjs model answered below the figure's confidence threshold. */
  unsure: z.boolean().optional(),
  /** Ids of the rag passages the answer used. */
  sources: z.array(z.string().max(200)).max(10).optional(),
});
export type TurnMeta = z.infer<typeof turnMeta>;

export const turnInput = z.object({
  clientId,
  role: z.enum(['user', 'figure'], { error: 'role must be user or figure' }),
  text: boundedText(TURN_TEXT_MAX, 'text'),
  model: z.enum(['tfjs', 'rag'], { error: 'model must be tfjs or rag' }),
  meta: turnMeta.optional(),
  /** When the turn happened on the device; clamped to the last 30 days. Default: now. */
  createdAt: z.iso
    .datetime({ offset: true, error: 'createdAt must be an ISO date-time' })
    .optional(),
});
export type TurnInput = z.input<typeof turnInput>;

export const syncBody = z.object({
  turns: z
    .array(turnInput, { error: 'turns must be a list' })
    .min(1, { error: 'turns cannot be empty' })
    .max(TURNS_PER_SYNC_MAX, { error: `At most ${TURNS_PER_SYNC_MAX} turns per request` }),
});
export type SyncBody = z.input<typeof syncBody>;

/** The stored id of each sent turn (new or already there). */
export const syncData = z.object({
  stored: z.array(z.object({ clientId: z.string(), id: z.number().int() })),
  inserted: z.number().int(),
});
export type SyncData = z.infer<typeof syncData>;

export const storedTurn = z.object({
  id: z.number().int(),
  clientId: z.string(),
  role: z.enum(['user', 'figure']),
  text: z.string(),
  model: z.enum(['tfjs', 'rag']),
  meta: turnMeta,
  createdAt: z.string(),
  /** rag answers: the passages cited, as the chat showed them. */
  sources: z.array(chatSource).optional(),
  /** Figure turns the learner rated: their rating. */
  rating: z.enum(['up', 'down']).optional(),
});
export type StoredTurn = z.infer<typeof storedTurn>;

/** A page size in a query string: a whole number from 1 to `max`. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(max, { error: `limit cannot exceed ${max}` })
    .default(fallback);

/** A page cursor: `{epoch ms}_{id}` of the oldest turn of the previous page. */
const CURSOR = /^\d{1,15}_\d{1,18}$/;

export const historyQuery = z.object({
  before: z.string().regex(CURSOR, { error: 'before must be a cursor from nextBefore' }).optional(),
  limit: pageLimit(HISTORY_PAGE_MAX, HISTORY_PAGE_DEFAULT),
});

/** Newest first; `nextBefore` fetches the older page (null: no more). */
export const historyPage = z.object({
  turns: z.array(storedTurn),
  nextBefore: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPage>;

export const clearedData = z.object({ deleted: z.number().int() });

export const achievementsBody = z.object({
  tags: z
    .array(boundedText(ACHIEVEMENT_TAG_LENGTH_MAX, 'tag'), { error: 'tags must be a list' })
    .min(1, { error: 'tags cannot be empty' })
    .max(ACHIEVEMENT_TAGS_MAX, { error: `At most ${ACHIEVEMENT_TAGS_MAX} tags per request` }),
});

export const achievementProgress = z.object({
  tags: z.array(z.string()),
  count: z.number().int(),
  denominator: z.number().int(),
  percent: z.number().int(),
});
export type AchievementProgress = z.infer<typeof achievementProgress>;
export const achievementsData = z.object({
  soekarno: achievementProgress,
  hatta: achievementProgress,
});
export type AchievementsData = z.infer<typeof achievementsData>;

export const feedbackBody = z.object({
  character: figure,
  /** The client id of the rated figure turn. */
  messageId: clientId,
  rating: z.enum(['up', 'down'], { error: 'rating must be up or down' }),
  reason: z
    .enum(FEEDBACK_REASONS, {
      error: 'reason must be salah_fakta, tidak_menjawab, bahasa_aneh or lainnya',
    })
    .optional(),
  comment: z
    .string({ error: 'comment must be text' })
    .trim()
    .max(FEEDBACK_COMMENT_MAX, {
      error: `comment cannot exceed ${FEEDBACK_COMMENT_MAX} characters`,
    })
    .refine(storable, { error: 'Text contains invalid characters' })
    .optional(),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const feedbackRecord = z.object({
  character: figureKey,
  messageId: z.string(),
  rating: z.enum(['up', 'down']),
  reason: z.enum(FEEDBACK_REASONS).nullable(),
  comment: z.string().nullable(),
  question: z.string().nullable(),
  answer: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackRecord = z.infer<typeof feedbackRecord>;
export const feedbackData = feedbackRecord.extend({ replaced: z.boolean() });

export const inboxQuery = z.object({
  limit: pageLimit(INBOX_PAGE_MAX, 20),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset cannot be negative' })
    .max(100_000, { error: 'offset cannot exceed 100000' })
    .default(0),
});

/** Why a question reached the inbox: tfjs fell back or was unsure, rag declined, a thumbs down. */
export const inboxSource = z.enum(INBOX_SOURCES);

export const inboxGroup = z.object({
  id: z.number().int(),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  examples: z.array(z.string()),
  /** Why its questions came in (distinct, of the stored items). */
  sources: z.array(inboxSource),
  suggestedTag: z.string().nullable(),
  suggestedConfidence: z.number().nullable(),
});
export type InboxGroup = z.infer<typeof inboxGroup>;
export const inboxPage = z.object({ groups: z.array(inboxGroup), total: z.number().int() });
export type InboxPage = z.infer<typeof inboxPage>;
export const inboxSummary = z.object({ open: z.number().int() });

export const inboxActionBody = z
  .object({
    groupIds: z
      .array(
        z.number({ error: 'groupIds must be numbers' }).int().min(1).max(Number.MAX_SAFE_INTEGER),
        {
          error: 'groupIds must be a list of group ids',
        },
      )
      .min(1, { error: 'groupIds cannot be empty' })
      .max(INBOX_ACTION_GROUPS_MAX, {
        error: `At most ${INBOX_ACTION_GROUPS_MAX} groups per action`,
      }),
    action: z.enum(['add', 'create', 'ignore'], { error: 'action must be add, create or ignore' }),
    /** add: the existing tag that receives the questions. */
    tagId: z.uuid({ error: 'tagId must be a tag id' }).optional(),
    /** create: the new tag's name and its responses. */
    tagName: boundedText(ACHIEVEMENT_TAG_LENGTH_MAX, 'tagName').optional(),
    responses: z
      .array(boundedText(1000, 'response'), { error: 'responses must be a list' })
      .min(1, { error: 'At least one response is required' })
      .max(50, { error: 'At most 50 responses per tag' })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'add' && !body.tagId)
      ctx.addIssue({ code: 'custom', path: ['tagId'], message: 'tagId is required to add' });
    if (body.action === 'create') {
      if (!body.tagName)
        ctx.addIssue({ code: 'custom', path: ['tagName'], message: 'tagName is required' });
      if (!body.responses)
        ctx.addIssue({
          code: 'custom',
          path: ['responses'],
          message: 'At least one response is required',
        });
    }
  });
export type InboxActionBody = z.input<typeof inboxActionBody>;

export const inboxActionData = z.object({
  action: z.enum(['add', 'create', 'ignore']),
  groups: z.number().int(),
  questionsAdded: z.number().int(),
  tag: z.object({ id: z.string(), tag: z.string() }).nullable(),
});
export type InboxActionData = z.infer<typeof inboxActionData>;

export const regressionItem = z.object({
  question: z.string(),
  tag: z.string(),
  createdAt: z.string(),
});
export const regressionData = z.object({
  items: z.array(regressionItem),
  total: z.number().int(),
});
export type RegressionData = z.infer<typeof regressionData>;

export const settings = z.object({
  contribute: z.boolean({ error: 'contribute must be true or false' }),
});
export type Settings = z.infer<typeof settings>;

export const exportData = z.object({
  exportedAt: z.string(),
  user: z.object({ name: z.string(), email: z.string(), createdAt: z.string() }),
  settings,
  achievements: achievementsData,
  conversations: z.object({ soekarno: z.array(storedTurn), hatta: z.array(storedTurn) }),
  feedback: z.array(feedbackRecord),
});
export type ExportData = z.infer<typeof exportData>;

/** The inbox's "Buat tag baru" form (the curator reads these messages): a name and a reply. */
export const inboxNewTagForm = z.object({
  tagName: z
    .string()
    .trim()
    .min(1, { error: 'Nama tag wajib diisi' })
    .max(ACHIEVEMENT_TAG_LENGTH_MAX, {
      error: `Nama tag paling banyak ${ACHIEVEMENT_TAG_LENGTH_MAX} karakter`,
    }),
  response: z
    .string()
    .trim()
    .min(1, { error: 'Tulis minimal satu respons' })
    .max(1000, { error: 'Respons paling banyak 1000 karakter' }),
});
export type InboxNewTagForm = z.infer<typeof inboxNewTagForm>;
