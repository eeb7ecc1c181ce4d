/** Chat limits and types (zod-free); the schemas are in `./schemas/chat`. */

export const PROMPT_MAX = 1000;
/** Recent turns a client may send with a rag question, for follow-ups ("lalu?", "kenapa?"). */
export const HISTORY_MAX_TURNS = 6;

/** A client's id of a stored turn (as in schemas/learning.ts). */
export const TURN_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
export const TURN_ID_ERROR = 'turn ids must be 1-64 letters, digits, or _ . : -';

import type { ChatAnswer, ChatBody, ChatSource, ChatTurn } from './schemas/chat';
export type { ChatAnswer, ChatBody, ChatSource, ChatTurn };
