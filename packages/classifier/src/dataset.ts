import { foldPhrase, type TagLink } from '@dwitunggal/contracts/tags';

/**
 * Training data. Accepts the archive export format ({version?, nama?, tags}) and the seed format
 * (which adds `starters`), both of which contain `{tags: [{tag, input, responses}]}`.
 */
export interface TagData {
  tag: string;
  /** The tag's display name for learners (optional; the chat falls back to the tag's id). */
  label?: string | undefined;
  input: string[];
  responses: string[];
  /** Inputs linked to the response they ask for (decision 023; optional). */
  links?: readonly TagLink[] | undefined;
}

/** `{label}` when the tag has a non-blank display name, else nothing (to spread into a tag). */
export const labelOf = (t: { label?: unknown }): { label?: string } =>
  typeof t.label === 'string' && t.label.trim() !== '' ? { label: t.label.trim() } : {};

export interface Dataset {
  nama?: string;
  tags: TagData[];
  /** Suggested questions shown to learners; each must classify as its tag. */
  starters?: { text: string; tag: string }[];
}

export interface LabelledText {
  text: string;
  tag: string;
}

export class DatasetError extends Error {
  override name = 'DatasetError';
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');

/** `{links}` when the tag has any, else nothing (to spread into a tag). */
export const linksOf = (t: { links?: readonly TagLink[] | undefined }): { links?: TagLink[] } =>
  t.links && t.links.length > 0 ? { links: t.links.map((l) => ({ ...l })) } : {};

const isLinkList = (v: unknown): v is TagLink[] =>
  Array.isArray(v) &&
  v.every(
    (l) =>
      typeof (l as TagLink | null)?.input === 'string' &&
      typeof (l as TagLink).response === 'string',
  );

/**
 * A tag's links as content.json holds them: per response index (as text), the linked inputs.
 * Links whose input or response the tag does not have (folded comparison) are left out.
 */
export function linksByResponse(t: TagData): Record<string, string[]> | undefined {
  if (!t.links || t.links.length === 0) return undefined;
  const inputs = new Map(t.input.map((text) => [foldPhrase(text), text]));
  const index = new Map(t.responses.map((text, i) => [foldPhrase(text), i]));
  const out: Record<string, string[]> = {};
  for (const link of t.links) {
    const input = inputs.get(foldPhrase(link.input));
    const i = index.get(foldPhrase(link.response));
    if (input === undefined || i === undefined) continue;
    (out[String(i)] ??= []).push(input);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Validates parsed JSON as a dataset; throws DatasetError with the first problem found. */
export function parseDataset(json: unknown): Dataset {
  if (
    typeof json !== 'object' ||
    json === null ||
    !Array.isArray((json as { tags?: unknown }).tags)
  ) {
    throw new DatasetError('expected an object with a "tags" array');
  }
  const raw = json as { nama?: unknown; tags: unknown[]; starters?: unknown };
  const seen = new Set<string>();
  const tags: TagData[] = raw.tags.map((t, i) => {
    const item = t as Partial<TagData> | null;
    if (
      typeof item !== 'object' ||
      item === null ||
      typeof item.tag !== 'string' ||
      item.tag.trim() === ''
    ) {
      throw new DatasetError(`tags[${i}]: "tag" must be a non-empty string`);
    }
    if (!isStringArray(item.input))
      throw new DatasetError(`tags[${i}]: "input" must be an array of strings`);
    const responses = item.responses ?? [];
    if (!isStringArray(responses))
      throw new DatasetError(`tags[${i}]: "responses" must be an array of strings`);
    if (item.links !== undefined && !isLinkList(item.links))
      throw new DatasetError(`tags[${i}]: "links" must be an array of {input, response}`);
    if (seen.has(item.tag)) throw new DatasetError(`tags[${i}]: duplicate tag "${item.tag}"`);
    seen.add(item.tag);
    return {
      tag: item.tag,
      ...labelOf(item),
      input: item.input.filter((s) => s.trim() !== ''),
      responses,
      ...linksOf(item),
    };
  });
  if (tags.length < 2) throw new DatasetError('at least two tags are needed to train a classifier');
  const empty = tags.find((t) => t.input.length === 0);
  if (empty) throw new DatasetError(`tag "${empty.tag}" has no inputs`);
  const out: Dataset = { tags };
  if (typeof raw.nama === 'string') out.nama = raw.nama;
  if (Array.isArray(raw.starters)) {
    out.starters = raw.starters.filter(
      (s): s is LabelledText =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as LabelledText).text === 'string' &&
        typeof (s as LabelledText).tag === 'string',
    );
  }
  return out;
}

/** Held-out file: {nama?, items: [{text, tag}]}. */
export function parseLabelled(json: unknown): LabelledText[] {
  const items = (json as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new DatasetError('expected an object with an "items" array');
  return items.map((it, i) => {
    const item = it as Partial<LabelledText> | null;
    if (typeof item?.text !== 'string' || typeof item.tag !== 'string') {
      throw new DatasetError(`items[${i}]: expected {text, tag}`);
    }
    return { text: item.text, tag: item.tag };
  });
}

/** Every (input, tag) pair of a dataset, in tag order. */
export function examplesOf(dataset: Dataset): LabelledText[] {
  return dataset.tags.flatMap((t) => t.input.map((text) => ({ text, tag: t.tag })));
}

/** A dataset with the same tags and responses but the given inputs. */
export function withInputs(dataset: Dataset, examples: readonly LabelledText[]): Dataset {
  return {
    tags: dataset.tags.map((t) => ({
      tag: t.tag,
      ...labelOf(t),
      responses: t.responses,
      ...linksOf(t),
      input: examples.filter((e) => e.tag === t.tag).map((e) => e.text),
    })),
  };
}

/**
 * The training data as trained and hashed: tags sorted by name, phrases in stored order. A tag's
 * display name and links are kept (and hashed) only when it has them, so data without them hashes
 * as before.
 */
export function canonicalDataset(records: readonly TagData[]): Dataset {
  const tags = records
    .map((r) => ({
      tag: r.tag,
      ...labelOf(r),
      input: [...r.input],
      responses: [...r.responses],
      ...linksOf(r),
    }))
    .sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return { tags };
}
