/** Chat limits and types (zod-free); the schemas are in `./schemas/chat`. */

export const PROMPT_MAX = 1000;
/** Recent turns a client may send with a rag question, for follow-ups ("lalu?", "kenapa?"). */
export const HISTORY_MAX_TURNS = 6;

import type { ChatAnswer, ChatBody, ChatSource, ChatTurn } from './schemas/chat';
export type { ChatAnswer, ChatBody, ChatSource, ChatTurn };
