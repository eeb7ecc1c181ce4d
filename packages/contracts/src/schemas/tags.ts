import {
  cleanPhrases,
  IMPORT_CONTENT_MAX,
  IMPORT_TAGS_MAX,
  INPUT_LENGTH_MAX,
  INPUTS_MAX,
  isStorableText,
  QUALITY_ISSUE_KINDS,
  RESPONSE_LENGTH_MAX,
  RESPONSES_MAX,
  TAG_LABEL_MAX,
  TAG_LIST_LIMITS,
  TAG_NAME_MAX,
} from '../tags';
import { characterName, characterNama } from './characters';
import { z } from './zod';

const INVALID_CHARACTERS = 'Text contains invalid characters';

const phraseList = (opts: {
  max: number;
  itemMax: number;
  required: string;
  tooMany: string;
  tooLong: string;
}) =>
  z
    .array(
      z
        .string({ error: 'Each entry must be text' })
        .max(opts.itemMax * 4, { error: opts.tooLong })
        .refine(isStorableText, { error: INVALID_CHARACTERS }),
      { error: opts.required },
    )
    .max(opts.max * 4, { error: opts.tooMany })
    .transform(cleanPhrases)
    .pipe(
      z
        .array(z.string().max(opts.itemMax, { error: opts.tooLong }))
        .min(1, { error: opts.required })
        .max(opts.max, { error: opts.tooMany }),
    );

const tagName = z
  .string({ error: 'Tag name is required' })
  .trim()
  .min(1, { error: 'Tag name is required' })
  .max(TAG_NAME_MAX, { error: 'Tag name cannot exceed 50 characters' })
  .refine(isStorableText, { error: INVALID_CHARACTERS });

/** The optional display name for learners: trimmed; blank means none. */
const tagLabel = z
  .string({ error: 'Display name must be text' })
  .trim()
  .max(TAG_LABEL_MAX, { error: `Display name cannot exceed ${TAG_LABEL_MAX} characters` })
  .refine(isStorableText, { error: INVALID_CHARACTERS })
  .transform((v) => v || undefined)
  .optional();

/** The fields of a tag without its figure: what an archive file holds per tag. */
export const tagFields = z.object({
  tag: tagName,
  label: tagLabel,
  input: phraseList({
    max: INPUTS_MAX,
    itemMax: INPUT_LENGTH_MAX,
    required: 'At least one input is required',
    tooMany: TAG_LIST_LIMITS.input.tooMany,
    tooLong: 'Each input can be at most 200 characters',
  }),
  responses: phraseList({
    max: RESPONSES_MAX,
    itemMax: RESPONSE_LENGTH_MAX,
    required: 'At least one response is required',
    tooMany: TAG_LIST_LIMITS.responses.tooMany,
    tooLong: 'Each response can be at most 1000 characters',
  }),
});
export type CleanTagFields = z.output<typeof tagFields>;

/** POST /chatbot/tags: create, or merge into the tag of the same name (any case). */
export const tagBody = tagFields.extend({ nama: characterName });
export type TagBody = z.input<typeof tagBody>;
export type CleanTagBody = z.output<typeof tagBody>;

/**
 * PUT /chatbot/update/{id}: full replace of the name, inputs and responses. `nama` may be sent
 * (the form always sends it) but a tag never changes figure: a different one is refused.
 */
export const updateTagBody = tagFields.extend({ nama: characterName.optional() });
export type UpdateTagBody = z.input<typeof updateTagBody>;

export const tag = z.object({
  id: z.string(),
  nama: characterNama,
  tag: z.string(),
  /** The display name learners see; absent when the tag has none (they see the tag's id). */
  label: z.string().optional(),
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
export type UpdateTagData = z.infer<typeof updateTagData>;

export const deleteTagData = z.object({ id: z.string() });

/** Archive export/import format, also accepted by the classifier CLI. */
export const archiveFile = z.object({
  version: z.literal(1).optional(),
  nama: characterName.optional(),
  tags: z.array(
    z.object({
      tag: z.string(),
      label: z.string().optional(),
      input: z.array(z.string()),
      responses: z.array(z.string()),
    }),
  ),
});
export type ArchiveFile = z.infer<typeof archiveFile>;

/**
 * POST /chatbot/import/{nama}: the JSON archive file, or a CSV export as text. Each tag is
 * validated by the server with the rules of `tagFields`; errors are reported per tag.
 */
export const importBody = z.union(
  [
    z.object({
      format: z.literal('csv'),
      content: z.string({ error: 'content must be the CSV text' }).max(IMPORT_CONTENT_MAX),
    }),
    z.object({
      version: z.literal(1, { error: 'version must be 1' }).optional(),
      nama: z.string().optional(),
      tags: z
        .array(z.unknown(), { error: 'tags must be an array' })
        .max(IMPORT_TAGS_MAX, { error: 'Too many tags' }),
    }),
  ],
  { error: 'Send an archive file {version, nama, tags} or {format: "csv", content}' },
);
export type ImportBody = z.input<typeof importBody>;

export const importIssue = z.object({
  /** Where: `tags[3].input`, `line 12`, or `tags` for the whole file. */
  path: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssue>;

export const importPreview = z.object({
  dryRun: z.boolean(),
  tagsCreated: z.number().int(),
  tagsMerged: z.number().int(),
  inputsAdded: z.number().int(),
  responsesAdded: z.number().int(),
  totalTagsAfter: z.number().int(),
  errors: z.array(importIssue),
  warnings: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const qualityIssue = z.object({
  kind: z.enum(QUALITY_ISSUE_KINDS),
  severity: z.enum(['warning', 'error']),
  tags: z.array(z.string()),
  inputs: z.array(z.string()).optional(),
  /** Indonesian, shown on the archive screen. */
  message: z.string(),
});
export type QualityIssue = z.infer<typeof qualityIssue>;

export const qualityReport = z.object({
  issues: z.array(qualityIssue),
  stats: z.object({
    tags: z.number().int(),
    inputs: z.number().int(),
    minInputs: z.number().int(),
    maxInputs: z.number().int(),
  }),
});
export type QualityReport = z.infer<typeof qualityReport>;
