/**
 * Training-data limits, messages, the phrase rules and the merge rules (zod-free); the schemas
 * are in `./schemas/tags`.
 */
import { MAX_TAGS_PER_CHARACTER, type CharacterName } from './characters';
import type { ImportIssue, ImportPreview } from './schemas/tags';

/** Limits of the training data (issue: training data). */
export const TAG_NAME_MAX = 50;
/** A tag's optional display name for learners ("Nama tampilan"). */
export const TAG_LABEL_MAX = 60;
export const INPUTS_MAX = 200;
export const INPUT_LENGTH_MAX = 200;
export const RESPONSES_MAX = 50;
export const RESPONSE_LENGTH_MAX = 1000;
/** The most items of a tag's two lists, and the message when a tag would hold more. */
export const TAG_LIST_LIMITS = {
  input: { max: INPUTS_MAX, tooMany: 'At most 200 inputs per tag' },
  responses: { max: RESPONSES_MAX, tooMany: 'At most 50 responses per tag' },
} as const;
/** The quality report flags tags with fewer inputs than this. */
export const FEW_INPUTS_THRESHOLD = 10;

/** Server messages shown by the archive screens (Indonesian: admins read them in toasts). */
export const TAG_MESSAGES = {
  created: 'Tag berhasil dibuat',
  merged: 'Tag berhasil digabungkan',
  updated: 'Tag berhasil diperbarui',
  deleted: 'Tag berhasil dihapus',
  limitReached: `Maksimal ${MAX_TAGS_PER_CHARACTER} tag per karakter telah tercapai`,
  notFound: 'Tag tidak ditemukan',
  characterNotFound: 'Karakter tidak ditemukan: gunakan Soekarno atau Hatta',
} as const;

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

/**
 * Text that PostgreSQL can store unchanged: no NUL character (text columns refuse it) and no
 * lone UTF-16 surrogate (it would silently become U+FFFD on the way to UTF-8).
 */
export function isStorableText(text: string): boolean {
  return (
    !text.includes('\u0000') &&
    !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)
  );
}
/** What GET /chatbot/export/{nama}?format=json answers: the seed file's shape minus `starters`. */
export type ExportedArchive = {
  version: 1;
  nama: CharacterName;
  tags: {
    tag: string;
    label?: string;
    input: string[];
    responses: string[];
    links?: TagLink[];
  }[];
};

/**
 * An admin's link from one of a tag's inputs to the response that answers it (texts, not
 * positions, so reordering keeps it meaningful; decision 023).
 */
export interface TagLink {
  input: string;
  response: string;
}

/** CSV `text` of a `link` row: the input, this delimiter, then the response. */
export const CSV_LINK_SEPARATOR = ' => ';

/** One link per input (folded): a later link replaces an earlier one of the same input. */
export function oneLinkPerInput(links: readonly TagLink[]): TagLink[] {
  const byInput = new Map<string, TagLink>();
  for (const link of links) {
    const key = foldPhrase(link.input);
    byInput.delete(key);
    byInput.set(key, link);
  }
  return [...byInput.values()];
}

/**
 * The links whose input and response are among the given ones (folded comparison), spelled as
 * the tag spells them, one per input: what an update keeps of the stored links.
 */
export function keepLinks(
  links: readonly TagLink[],
  input: readonly string[],
  responses: readonly string[],
): TagLink[] {
  const inputs = new Map(input.map((t) => [foldPhrase(t), t]));
  const replies = new Map(responses.map((t) => [foldPhrase(t), t]));
  return oneLinkPerInput(
    links.flatMap((link) => {
      const text = inputs.get(foldPhrase(link.input));
      const response = replies.get(foldPhrase(link.response));
      return text === undefined || response === undefined ? [] : [{ input: text, response }];
    }),
  );
}

/** CSV columns of the export and import: one row per phrase. */
export const CSV_HEADER = ['tag', 'kind', 'text'] as const;
/** Upper bound of an import body (the app's body limit is 1 MiB). */
export const IMPORT_CONTENT_MAX = 1024 * 1024;

/** Most tags one import body may list. */
export const IMPORT_TAGS_MAX = 1000;

export const QUALITY_ISSUE_KINDS = [
  'duplicate_across_tags',
  'near_duplicate',
  'few_inputs',
  'imbalance',
] as const;

/** What the merge rules need to know of a figure's existing tag (the server adds its own fields). */
export interface MergeState {
  /** '' for a tag the batch creates. */
  id: string;
  name: string;
  /** `foldPhrase(name)`. */
  nameKey: string;
  /** The folded inputs and responses the tag already has. */
  inputKeys: Set<string>;
  responseKeys: Set<string>;
  /** The tag's links (absent: none). */
  links?: readonly TagLink[];
}

/** What the merge rules decided for one incoming tag: `state` null when it is created. */
export interface PlannedTag<S extends MergeState> {
  state: S | null;
  name: string;
  /** The display name the batch gives the tag (the last one given wins); absent: unchanged. */
  label?: string;
  input: string[];
  responses: string[];
  /**
   * The tag's links after the merge (its own, then the batch's: a batch's link replaces the one of
   * the same input); absent when the batch brings none, so the stored ones stay as they are.
   */
  links?: TagLink[];
}

/** A rule the batch breaks: `field` names the body field for the single-tag routes. */
export interface PlanIssue {
  path: string;
  field: 'input' | 'responses' | 'tags';
  tag: string | null;
  message: string;
}

export interface MergePlan<S extends MergeState> {
  tags: PlannedTag<S>[];
  preview: Omit<ImportPreview, 'dryRun' | 'warnings' | 'errors'>;
  issues: PlanIssue[];
  limitExceeded: boolean;
}

/** A plan issue as an import report lists it. */
export const toImportIssue = (i: PlanIssue): ImportIssue => ({
  path: i.path,
  message: i.tag ? `${i.tag}: ${i.message}` : i.message,
});

/**
 * The merge rules, shared by create-or-merge, import and seeding (and the web's test server). An
 * incoming tag whose folded name matches an existing tag (or an earlier one of the same batch)
 * is merged: only inputs and responses whose folded text is not already there are appended, and
 * the result must stay within 200 inputs and 50 responses; a display name it brings replaces the
 * tag's, and links it brings join the tag's (replacing the link of the same input). Any other tag
 * is created, and the
 * figure must stay within 15 tags. Pure: reads the given states and changes nothing.
 */
export function planMerge<S extends MergeState>(
  existing: readonly S[],
  incoming: readonly {
    tag: string;
    label?: string | undefined;
    input: string[];
    responses: string[];
    links?: readonly TagLink[] | undefined;
  }[],
  startIndex = 0,
): MergePlan<S> {
  const byKey = new Map<string, MergeState>(
    existing.map((s) => [
      s.nameKey,
      {
        ...s,
        inputKeys: new Set(s.inputKeys),
        responseKeys: new Set(s.responseKeys),
        links: [...(s.links ?? [])],
      },
    ]),
  );
  const planned = new Map<string, PlannedTag<S>>();
  const issues: PlanIssue[] = [];
  let created = 0;
  const merged = new Set<string>();
  let inputsAdded = 0;
  let responsesAdded = 0;

  incoming.forEach((t, offset) => {
    const index = startIndex + offset;
    const key = foldPhrase(t.tag);
    let state = byKey.get(key);
    let plan = planned.get(key);
    if (!state) {
      state = { id: '', name: t.tag, nameKey: key, inputKeys: new Set(), responseKeys: new Set() };
      byKey.set(key, state);
      created += 1;
    } else if (state.id) {
      merged.add(state.id);
    }
    if (!plan) {
      // An existing tag's state is a copy of the caller's S (see byKey): it keeps S's fields.
      plan = { state: state.id ? (state as S) : null, name: state.name, input: [], responses: [] };
      planned.set(key, plan);
    }
    if (t.label) plan.label = t.label;
    if (t.links && t.links.length > 0) {
      // Merging only appends phrases, so every link of both sides still names its texts.
      state.links = oneLinkPerInput([...(state.links ?? []), ...t.links]);
      plan.links = [...state.links];
    }
    const { inputKeys, responseKeys } = state;
    const newInputs = t.input.filter((text) => !inputKeys.has(foldPhrase(text)));
    const newResponses = t.responses.filter((text) => !responseKeys.has(foldPhrase(text)));
    const lists = [
      ['input', inputKeys, newInputs],
      ['responses', responseKeys, newResponses],
    ] as const;
    for (const [field, keys, added] of lists) {
      const { max, tooMany } = TAG_LIST_LIMITS[field];
      if (keys.size + added.length > max) {
        issues.push({ path: `tags[${index}].${field}`, field, tag: t.tag, message: tooMany });
      }
    }
    for (const text of newInputs) inputKeys.add(foldPhrase(text));
    for (const text of newResponses) responseKeys.add(foldPhrase(text));
    plan.input.push(...newInputs);
    plan.responses.push(...newResponses);
    inputsAdded += newInputs.length;
    responsesAdded += newResponses.length;
  });

  const totalTagsAfter = existing.length + created;
  const limitExceeded = totalTagsAfter > MAX_TAGS_PER_CHARACTER;
  if (limitExceeded) {
    issues.push({
      path: 'tags',
      field: 'tags',
      tag: null,
      message: `${TAG_MESSAGES.limitReached}: hasilnya akan menjadi ${totalTagsAfter} tag`,
    });
  }
  return {
    tags: [...planned.values()],
    preview: {
      tagsCreated: created,
      tagsMerged: merged.size,
      inputsAdded,
      responsesAdded,
      totalTagsAfter,
    },
    issues,
    limitExceeded,
  };
}

// Type-only, so erased at run time: no module of this cycle runs half-initialised (no-cycle skips
// `import type` but not `export type ... from`).
// eslint-disable-next-line import-x/no-cycle
export type {
  ArchiveFile,
  CleanTagBody,
  CleanTagFields,
  CreateTagData,
  ImportBody,
  ImportIssue,
  ImportPreview,
  QualityIssue,
  QualityReport,
  Tag,
  TagBody,
  UpdateTagBody,
  UpdateTagData,
} from './schemas/tags';
