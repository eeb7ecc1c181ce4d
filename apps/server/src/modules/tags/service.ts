import type { z } from 'zod';
import {
  CHARACTER_NAMES,
  characterKeyFromName,
  type CharacterKey,
} from '@dwitunggal/contracts/characters';
import {
  CSV_HEADER,
  CSV_LINK_SEPARATOR,
  foldPhrase,
  keepLinks,
  planMerge,
  TAG_MESSAGES,
  toImportIssue,
  type CleanTagBody,
  type CleanTagFields,
  type CreateTagData,
  type ExportedArchive,
  type ImportBody,
  type ImportIssue,
  type ImportPreview,
  type MergePlan as ContractMergePlan,
  type QualityReport,
  type Tag,
  type TagLink,
} from '@dwitunggal/contracts/tags';
import { tagFields, type updateTagBody } from '@dwitunggal/contracts/schemas/tags';
import { badRequest, conflict, isUniqueViolation, notFound, type AppError } from '../../lib/errors';
import type { Cache } from '../../lib/cache';
import { CsvError, fromSpreadsheetCell, parseCsv, toCsv, toSpreadsheetCell } from './csv';
import type { QualityReports } from './quality-reports';
import type { TagRecord, TagRepository, TagState, TagWriter } from './repository';

export const tagsCacheKey = (character: CharacterKey) => `tags:${character}`;

export function toTag(record: TagRecord): Tag {
  return {
    id: record.id,
    nama: CHARACTER_NAMES[record.character],
    tag: record.name,
    ...(record.label ? { label: record.label } : {}),
    input: record.input,
    responses: record.responses,
    ...(record.links.length > 0 ? { links: record.links } : {}),
  };
}

/** The figure named in a path (any case), or a 404: the list of an unknown figure does not exist. */
export function characterFromPath(nama: string): CharacterKey {
  const key = characterKeyFromName(nama);
  if (!key || nama !== nama.trim()) throw notFound(TAG_MESSAGES.characterNotFound);
  return key;
}

const characterOfBody = (nama: 'Soekarno' | 'Hatta'): CharacterKey =>
  nama === 'Soekarno' ? 'soekarno' : 'hatta';

export type MergePlan = ContractMergePlan<TagState>;

/** Writes a plan (inside the transaction that loaded its states); returns the ids in plan order. */
export async function applyMerge(
  writer: TagWriter,
  character: CharacterKey,
  plan: MergePlan,
): Promise<string[]> {
  const ids: string[] = [];
  for (const t of plan.tags) {
    if (t.state) {
      if (t.input.length > 0 || t.responses.length > 0 || t.label || t.links) {
        await writer.appendPhrases(
          t.state.id,
          { label: t.label, links: t.links },
          t.input,
          t.state.nextInputPosition,
          t.responses,
          t.state.nextResponsePosition,
        );
      }
      ids.push(t.state.id);
    } else {
      const links = keepLinks(t.links ?? [], t.input, t.responses);
      ids.push(
        await writer.insertTag(character, t.name, { label: t.label, links }, t.input, t.responses),
      );
    }
  }
  return ids;
}

/** Turns an import body (JSON archive or CSV text) into validated tags, collecting every problem. */
export function parseImport(
  body: ImportBody,
  character: CharacterKey,
): { tags: CleanTagFields[]; errors: ImportIssue[]; warnings: string[] } {
  const errors: ImportIssue[] = [];
  const warnings: string[] = [];
  let raw: { source: string; value: unknown }[];

  if ('format' in body) {
    let records;
    try {
      records = parseCsv(body.content);
    } catch (err) {
      if (!(err instanceof CsvError)) throw err;
      return { tags: [], errors: [{ path: `line ${err.line}`, message: err.message }], warnings };
    }
    const header = records.shift();
    if (
      !header ||
      header.fields.map((f) => f.trim().toLowerCase()).join(',') !== CSV_HEADER.join(',')
    ) {
      return {
        tags: [],
        errors: [
          { path: 'line 1', message: `The first line must be the header ${CSV_HEADER.join(',')}` },
        ],
        warnings,
      };
    }
    const grouped = new Map<
      string,
      { tag: string; input: string[]; responses: string[]; linkRows: string[] }
    >();
    for (const record of records) {
      const [tagName = '', kind = '', text = ''] = record.fields.map(fromSpreadsheetCell);
      if (record.fields.length !== CSV_HEADER.length) {
        errors.push({
          path: `line ${record.line}`,
          message: `Line ${record.line}: expected 3 columns (tag,kind,text)`,
        });
        continue;
      }
      const k = kind.trim().toLowerCase();
      if (k !== 'input' && k !== 'response' && k !== 'link') {
        errors.push({
          path: `line ${record.line}`,
          message: `Line ${record.line}: kind must be input, response or link`,
        });
        continue;
      }
      const groupKey = foldPhrase(tagName);
      let group = grouped.get(groupKey);
      if (!group) {
        group = { tag: tagName, input: [], responses: [], linkRows: [] };
        grouped.set(groupKey, group);
      }
      ({ input: group.input, response: group.responses, link: group.linkRows })[k].push(text);
    }
    raw = [...grouped.values()].map(({ linkRows, ...value }) => ({
      source: value.tag,
      value: linkRows.length > 0 ? { ...value, links: linkRows.map(csvLink(value.input)) } : value,
    }));
  } else {
    if (body.nama !== undefined) {
      const fileCharacter = characterKeyFromName(body.nama);
      if (fileCharacter !== character) {
        warnings.push(
          `Berkas ini berisi data ${fileCharacter ? CHARACTER_NAMES[fileCharacter] : `"${body.nama}"`}, tetapi akan diimpor ke ${CHARACTER_NAMES[character]}.`,
        );
      }
    }
    raw = body.tags.map((value) => ({
      source:
        typeof (value as { tag?: unknown })?.tag === 'string' ? (value as { tag: string }).tag : '',
      value,
    }));
  }

  const tags: CleanTagFields[] = [];
  raw.forEach(({ source, value }, index) => {
    const parsed = tagFields.safeParse(value);
    if (parsed.success) {
      tags.push(parsed.data);
      return;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === 'string' ? issue.path[0] : '';
      const path = field ? `tags[${index}].${field}` : `tags[${index}]`;
      if (seen.has(path)) continue;
      seen.add(path);
      const message =
        issue.code === 'invalid_type' && !field
          ? 'Each tag must be an object {tag, input, responses}'
          : issue.message;
      const label = source.trim();
      errors.push({ path, message: label ? `${label}: ${message}` : message });
    }
  });
  if (raw.length === 0 && errors.length === 0)
    errors.push({ path: 'tags', message: 'The file contains no tags' });
  return { tags, errors, warnings };
}

/**
 * Reads a CSV `link` row's text (`input => response`): split at the first separator whose left
 * side is one of the tag's inputs (an input may itself contain the separator), else at the first.
 */
const csvLink =
  (inputs: readonly string[]) =>
  (text: string): TagLink => {
    const keys = new Set(inputs.map(foldPhrase));
    const parts = text.split(CSV_LINK_SEPARATOR);
    for (let i = 1; i < parts.length; i += 1) {
      const input = parts.slice(0, i).join(CSV_LINK_SEPARATOR);
      if (keys.has(foldPhrase(input)))
        return { input, response: parts.slice(i).join(CSV_LINK_SEPARATOR) };
    }
    return { input: parts[0] ?? '', response: parts.slice(1).join(CSV_LINK_SEPARATOR) };
  };

function importFailure(errors: ImportIssue[]): AppError {
  const map: Record<string, string> = {};
  for (const e of errors) if (!(e.path in map)) map[e.path] = e.message;
  return badRequest(errors[0]?.message ?? 'Invalid import', map);
}

type UpdateBody = z.output<typeof updateTagBody>;

/**
 * Writes take the figure's lock, so the unique indexes should never fire; if one does (a write
 * that bypassed the lock), the client gets a 409 rather than a 500.
 */
async function uniqueAsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('Data yang sama sudah ada; muat ulang lalu coba lagi');
    throw err;
  }
}

export function createTagService(deps: {
  repo: TagRepository;
  cache: Cache<Tag[]>;
  /** Computes the data-quality reports off the event loop. */
  quality: QualityReports;
}) {
  const { repo, cache } = deps;

  const list = (character: CharacterKey): Promise<Tag[]> =>
    cache.get(tagsCacheKey(character), async () => (await repo.list(character)).map(toTag));

  const changed = (character: CharacterKey) => cache.invalidate(tagsCacheKey(character));

  return {
    list,

    async listByName(nama: string): Promise<Tag[]> {
      return list(characterFromPath(nama));
    },

    async get(id: string): Promise<Tag> {
      const record = await repo.findById(id);
      if (!record) throw notFound(TAG_MESSAGES.notFound);
      return toTag(record);
    },

    /** Creates the tag, or merges into the figure's tag of the same name (any case). */
    async createOrMerge(body: CleanTagBody): Promise<CreateTagData> {
      const character = characterOfBody(body.nama);
      const result = await uniqueAsConflict(() =>
        repo.withCharacterLock(character, async (writer) => {
          const plan = planMerge(await writer.loadStates(character), [body]);
          if (plan.limitExceeded)
            throw conflict(TAG_MESSAGES.limitReached, { tag: TAG_MESSAGES.limitReached });
          const [first] = plan.issues;
          if (first) throw badRequest(first.message, { [first.field]: first.message });
          const [id] = await applyMerge(writer, character, plan);
          const record = await writer.findById(id as string);
          if (!record) throw new Error('tag vanished inside its own transaction');
          return { record, created: plan.preview.tagsCreated === 1, plan };
        }),
      );
      await changed(character);
      return {
        tag: toTag(result.record),
        created: result.created,
        added_inputs: result.plan.preview.inputsAdded,
        added_responses: result.plan.preview.responsesAdded,
      };
    },

    /** Full replace of a tag's name, inputs and responses, in one transaction. */
    async update(id: string, body: UpdateBody): Promise<Tag> {
      const character = await repo.characterOf(id);
      if (!character) throw notFound(TAG_MESSAGES.notFound);
      if (body.nama && characterOfBody(body.nama) !== character) {
        const message = `A tag cannot move to another figure: this tag belongs to ${CHARACTER_NAMES[character]}`;
        throw badRequest(message, { nama: message });
      }
      const record = await uniqueAsConflict(() =>
        repo.withCharacterLock(character, async (writer) => {
          const existing = await writer.findById(id);
          if (!existing) throw notFound(TAG_MESSAGES.notFound);
          const clash = await writer.findNameClash(character, body.tag, id);
          if (clash) {
            const message = `Tag "${clash}" sudah ada untuk ${CHARACTER_NAMES[character]}`;
            throw conflict(message, { tag: message });
          }
          // Links sent replace the stored ones; absent (an older client), the stored ones stay.
          // Either way a link whose input or response the update removes is dropped.
          const links = keepLinks(body.links ?? existing.links, body.input, body.responses);
          const extras = { label: body.label, links };
          await writer.replaceTag(id, body.tag, extras, body.input, body.responses);
          return writer.findById(id);
        }),
      );
      await changed(character);
      if (!record) throw notFound(TAG_MESSAGES.notFound);
      return toTag(record);
    },

    /** Deletes a tag (its phrases cascade), under the figure's lock like every other write. */
    async remove(id: string): Promise<void> {
      const character = await repo.characterOf(id);
      if (!character) throw notFound(TAG_MESSAGES.notFound);
      const deleted = await repo.withCharacterLock(character, (writer) => writer.deleteById(id));
      if (!deleted) throw notFound(TAG_MESSAGES.notFound);
      await changed(character);
    },

    async exportArchive(
      nama: string,
    ): Promise<{ character: CharacterKey; archive: ExportedArchive }> {
      const character = characterFromPath(nama);
      const tags = await list(character);
      return {
        character,
        archive: {
          version: 1,
          nama: CHARACTER_NAMES[character],
          tags: tags.map((t) => ({
            tag: t.tag,
            ...(t.label ? { label: t.label } : {}),
            input: t.input,
            responses: t.responses,
            ...(t.links ? { links: t.links } : {}),
          })),
        },
      };
    },

    async exportCsv(nama: string): Promise<{ character: CharacterKey; csv: string }> {
      const { character, archive } = await this.exportArchive(nama);
      const records: string[][] = [[...CSV_HEADER]];
      for (const t of archive.tags) {
        for (const text of t.input) records.push([t.tag, 'input', text]);
        for (const text of t.responses) records.push([t.tag, 'response', text]);
        for (const l of t.links ?? [])
          records.push([t.tag, 'link', `${l.input}${CSV_LINK_SEPARATOR}${l.response}`]);
      }
      // Texts are the learners' and admins' words: neutralise any that a spreadsheet would run.
      return { character, csv: toCsv(records.map((r) => r.map(toSpreadsheetCell))) };
    },

    /**
     * Validates an archive, previews what merging it would do, and unless `dryRun` applies it in
     * ONE transaction. Refuses (nothing written) when any tag is invalid or the figure would
     * exceed 15 tags; a dry run reports the same problems in `errors` instead.
     */
    async importArchive(nama: string, body: ImportBody, dryRun: boolean): Promise<ImportPreview> {
      const character = characterFromPath(nama);
      const parsed = parseImport(body, character);
      const run = async (writer: TagWriter) => {
        const plan = planMerge(await writer.loadStates(character), parsed.tags);
        const preview: ImportPreview = {
          dryRun,
          ...plan.preview,
          errors: [...parsed.errors, ...plan.issues.map(toImportIssue)],
          warnings: parsed.warnings,
        };
        if (dryRun) return preview;
        if (plan.limitExceeded) {
          const message = plan.issues.at(-1)?.message ?? TAG_MESSAGES.limitReached;
          throw conflict(message, { tags: message });
        }
        if (preview.errors.length > 0) throw importFailure(preview.errors);
        await applyMerge(writer, character, plan);
        return preview;
      };
      const preview = await uniqueAsConflict(() => repo.withCharacterLock(character, run));
      if (!dryRun) await changed(character);
      return preview;
    },

    /** The figure's data-quality report (`analyzeQuality`), computed in a worker thread. */
    async quality(nama: string): Promise<QualityReport> {
      const character = characterFromPath(nama);
      return deps.quality.report(character, await list(character));
    },
  };
}
export type TagService = ReturnType<typeof createTagService>;
