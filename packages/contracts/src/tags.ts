import { z } from 'zod';
import { characterKeyFromName } from './characters';

/** Limits of the training data (issue: training data). */
export const TAG_NAME_MAX = 50;
export const INPUTS_MAX = 200;
export const INPUT_LENGTH_MAX = 200;
export const RESPONSES_MAX = 50;
export const RESPONSE_LENGTH_MAX = 1000;

/** Folds a phrase for duplicate detection: trimmed, inner whitespace collapsed, lower case. */
export function foldPhrase(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('id');
}

/** Trims, drops blanks and folds duplicates (first spelling wins). */
export function cleanPhrases(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const text = raw.trim();
    if (!text) continue;
    const key = foldPhrase(text);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

const phraseList = (opts: {
  max: number;
  itemMax: number;
  required: string;
  tooMany: string;
  tooLong: string;
}) =>
  z
    .array(z.string({ error: 'Each entry must be text' }).max(opts.itemMax * 4, { error: opts.tooLong }), {
      error: opts.required,
    })
    .max(opts.max * 4, { error: opts.tooMany })
    .transform(cleanPhrases)
    .pipe(
      z
        .array(z.string().max(opts.itemMax, { error: opts.tooLong }))
        .min(1, { error: opts.required })
        .max(opts.max, { error: opts.tooMany }),
    );

export const characterName = z
  .string({ error: 'nama must be Soekarno or Hatta' })
  .transform((v, ctx) => {
    const key = characterKeyFromName(v);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: 'nama must be Soekarno or Hatta' });
      return z.NEVER;
    }
    return key === 'soekarno' ? ('Soekarno' as const) : ('Hatta' as const);
  });

export const tagBody = z.object({
  nama: characterName,
  tag: z
    .string({ error: 'Tag name is required' })
    .trim()
    .min(1, { error: 'Tag name is required' })
    .max(TAG_NAME_MAX, { error: 'Tag name cannot exceed 50 characters' }),
  input: phraseList({
    max: INPUTS_MAX,
    itemMax: INPUT_LENGTH_MAX,
    required: 'At least one input is required',
    tooMany: 'At most 200 inputs per tag',
    tooLong: 'Each input can be at most 200 characters',
  }),
  responses: phraseList({
    max: RESPONSES_MAX,
    itemMax: RESPONSE_LENGTH_MAX,
    required: 'At least one response is required',
    tooMany: 'At most 50 responses per tag',
    tooLong: 'Each response can be at most 1000 characters',
  }),
});
export type TagBody = z.input<typeof tagBody>;
export type CleanTagBody = z.output<typeof tagBody>;

export const tag = z.object({
  id: z.string(),
  nama: z.enum(['Soekarno', 'Hatta']),
  tag: z.string(),
  input: z.array(z.string()),
  responses: z.array(z.string()),
});
export type Tag = z.infer<typeof tag>;

export const tagList = z.array(tag);

export const createTagData = z.object({
  tag,
  created: z.boolean(),
  added_inputs: z.number().int(),
  added_responses: z.number().int(),
});
export type CreateTagData = z.infer<typeof createTagData>;

export const updateTagData = z.object({ message: z.string(), tag });

/** Archive export/import format, also accepted by the classifier CLI. */
export const archiveFile = z.object({
  version: z.literal(1).optional(),
  nama: characterName.optional(),
  tags: z.array(
    z.object({
      tag: z.string(),
      input: z.array(z.string()),
      responses: z.array(z.string()),
    }),
  ),
});
export type ArchiveFile = z.infer<typeof archiveFile>;
