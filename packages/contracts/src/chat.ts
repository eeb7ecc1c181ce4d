import { z } from 'zod';
import { characterKey } from './characters';

export const PROMPT_MAX = 1000;

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
