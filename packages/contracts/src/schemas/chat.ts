import { HISTORY_MAX_TURNS, PROMPT_MAX, TURN_ID, TURN_ID_ERROR } from '../chat';
import { characterKey } from './characters';
import { z } from './zod';

export const chatTurn = z.object({
  role: z.enum(['user', 'figure'], { error: 'history role must be user or figure' }),
  text: z
    .string({ error: 'history text is required' })
    .trim()
    .min(1, { error: 'history text is required' })
    .max(PROMPT_MAX * 2, { error: 'history text cannot exceed 2000 characters' }),
});
export type ChatTurn = z.infer<typeof chatTurn>;

export const chatBody = z.object({
  karakter: z
    .string({ error: 'karakter must be soekarno or hatta' })
    .transform((v) => v.trim().toLowerCase())
    .pipe(characterKey),
  prompt: z
    .string({ error: 'prompt is required' })
    .trim()
    .min(1, { error: 'prompt is required' })
    .max(PROMPT_MAX, { error: 'prompt cannot exceed 1000 characters' }),
  /** Optional recent turns, oldest first: `{karakter, prompt}` alone keeps working. */
  history: z
    .array(chatTurn, { error: 'history must be a list of {role, text} turns' })
    .max(HISTORY_MAX_TURNS, { error: `history cannot exceed ${HISTORY_MAX_TURNS} turns` })
    .optional(),
  /**
   * Optional client ids of the question and the answer turn: the server stores both in the
   * learner's history under these ids, so the client never sends them again.
   */
  turnIds: z
    .object(
      {
        user: z.string().regex(TURN_ID, { error: TURN_ID_ERROR }),
        figure: z.string().regex(TURN_ID, { error: TURN_ID_ERROR }),
      },
      { error: 'turnIds must be {user, figure}' },
    )
    .refine((ids) => ids.user !== ids.figure, { error: 'turnIds must differ' })
    .optional(),
});
export type ChatBody = z.input<typeof chatBody>;

export const chatSource = z.object({
  id: z.string(),
  title: z.string(),
  reference: z.string(),
  excerpt: z.string(),
  score: z.number(),
});
export type ChatSource = z.infer<typeof chatSource>;

export const chatAnswer = z.object({
  karakter: characterKey,
  response: z.string(),
  sources: z.array(chatSource),
});
export type ChatAnswer = z.infer<typeof chatAnswer>;
