import {
  cleanPhrases,
  foldPhrase,
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

/** One link as sent: an input of the tag and the response it asks for (checked by `linksRule`). */
const tagLink = z.object({
  input: z.string({ error: 'Each link needs the input text' }).max(INPUT_LENGTH_MAX * 4),
  response: z.string({ error: 'Each link needs the response text' }).max(RESPONSE_LENGTH_MAX * 4),
});

/** The fields of a tag without its figure, before the rule that ties links to them. */
const tagFieldsShape = z.object({
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
  /** Optional links from inputs to the response each asks for (decision 023). */
  links: z
    .array(tagLink, { error: 'links must be a list of {input, response}' })
    .max(INPUTS_MAX, { error: `At most ${INPUTS_MAX} links per tag` })
    .optional(),
});

/**
 * Each link names one of the tag's own inputs and responses (folded comparison, after the lists
 * are cleaned), and each input has at most one link.
 */
function linksRule(
  value: { input: string[]; responses: string[]; links?: { input: string; response: string }[] },
  ctx: z.RefinementCtx,
): void {
  const inputs = new Set(value.input.map(foldPhrase));
  const responses = new Set(value.responses.map(foldPhrase));
  const linked = new Set<string>();
  (value.links ?? []).forEach((link, i) => {
    const key = foldPhrase(link.input);
    const message = !inputs.has(key)
      ? `Link ${i + 1}: the input must be one of the tag's inputs`
      : !responses.has(foldPhrase(link.response))
        ? `Link ${i + 1}: the response must be one of the tag's responses`
        : linked.has(key)
          ? `Link ${i + 1}: an input can be linked to only one response`
          : undefined;
    linked.add(key);
    if (message) ctx.addIssue({ code: 'custom', path: ['links', i], message });
  });
}

/** The fields of a tag without its figure: what an archive file holds per tag. */
export const tagFields = tagFieldsShape.superRefine(linksRule);
export type CleanTagFields = z.output<typeof tagFields>;

/** POST /chatbot/tags: create, or merge into the tag of the same name (any case). */
export const tagBody = tagFieldsShape.extend({ nama: characterName }).superRefine(linksRule);
export type TagBody = z.input<typeof tagBody>;
export type CleanTagBody = z.output<typeof tagBody>;

/**
 * PUT /chatbot/update/{id}: full replace of the name, inputs and responses. `nama` may be sent
 * (the form always sends it) but a tag never changes figure: a different one is refused. Links
 * are replaced when sent; when absent, the stored ones whose texts remain are kept.
 */
export const updateTagBody = tagFieldsShape
  .extend({ nama: characterName.optional() })
  .superRefine(linksRule);
export type UpdateTagBody = z.input<typeof updateTagBody>;

/** A tag's texts as stored and exchanged (answers and archive files), without its ids. */
const tagTexts = z.object({
  tag: z.string(),
  /** The display name learners see; absent when the tag has none (they see the tag's id). */
  label: z.string().optional(),
  input: z.array(z.string()),
  responses: z.array(z.string()),
  /** Inputs linked to the response they ask for; absent when the tag has none. */
  links: z.array(z.object({ input: z.string(), response: z.string() })).optional(),
});

export const tag = z.object({ id: z.string(), nama: characterNama }).extend(tagTexts.shape);
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
  tags: z.array(tagTexts),
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
