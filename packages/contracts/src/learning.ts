/**
 * Learning that lasts (issue 15), zod-free: the limits, messages and rules of conversations,
 * achievements, feedback, the curators' inbox and the learner's settings; the schemas are in
 * `./schemas/learning`.
 */

/** Turns per page of GET /conversations/{figure}. */
export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 200;
/** Turns per POST /conversations/{figure}/turns. */
export const TURNS_PER_SYNC_MAX = 50;
/** Turns the server keeps per learner and figure (the oldest are pruned). */
export const TURNS_PER_FIGURE_MAX = 2000;
/** One turn's text (a figure's answer may be long; a question is at most 1000 characters). */
export const TURN_TEXT_MAX = 4000;
/** How far back a client's turn time may go (older times are clamped to this). */
export const TURN_MAX_AGE_DAYS = 30;
/** Achievements: the spec's denominator per figure, and the most tags kept per figure. */
export const ACHIEVEMENT_DENOMINATOR = 10;
export const ACHIEVEMENT_TAGS_MAX = 100;
export const ACHIEVEMENT_TAG_LENGTH_MAX = 50;
export const FEEDBACK_COMMENT_MAX = 500;
export const FEEDBACK_REASONS = [
  'salah_fakta',
  'tidak_menjawab',
  'bahasa_aneh',
  'lainnya',
] as const;
/** Groups per inbox action, and per inbox page. */
export const INBOX_ACTION_GROUPS_MAX = 100;
export const INBOX_PAGE_MAX = 100;
/** Why a question reached the inbox (the `source` of its items). */
export const INBOX_SOURCES = ['fallback', 'unsure', 'declined', 'thumbs_down'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];
/** Example questions shown per inbox group. */
export const INBOX_EXAMPLES = 3;

/** Server messages the learner or curator reads (Indonesian). */
export const LEARNING_MESSAGES = {
  turnNotFound: 'Pesan tidak ditemukan',
  groupsNotFound: 'Sebagian kelompok tidak ditemukan',
  tagOtherFigure: 'Tag ini milik tokoh lain',
  tagExists: 'Tag dengan nama ini sudah ada; pilih "tambahkan ke tag"',
  nothingToAdd: 'Tidak ada pertanyaan yang bisa ditambahkan',
  tooManyWrites: 'Terlalu banyak permintaan. Tunggu sebentar, lalu coba lagi.',
} as const;

/** Spec: percent = floor(count / 10 * 100), capped at 100. */
export function achievementPercent(count: number): number {
  return Math.min(100, Math.floor((count / ACHIEVEMENT_DENOMINATOR) * 100));
}

// Type-only, so erased at run time: no module of this cycle runs half-initialised (no-cycle skips
// `import type` but not `export type ... from`).
// eslint-disable-next-line import-x/no-cycle
export type {
  TurnMeta,
  TurnInput,
  SyncBody,
  SyncData,
  StoredTurn,
  HistoryPage,
  AchievementProgress,
  AchievementsData,
  FeedbackBody,
  FeedbackRecord,
  InboxGroup,
  InboxPage,
  InboxActionBody,
  InboxActionData,
  RegressionData,
  Settings,
  ExportData,
} from './schemas/learning';
