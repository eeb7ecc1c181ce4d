import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHARACTER_KEYS, type CharacterKey } from '@dwitunggal/contracts/characters';
import { planMerge, type CleanTagFields } from '@dwitunggal/contracts/tags';
import type { Database } from '../../db/client';
import { announceChange } from '../../lib/cache';
import { createTagRepository, type TagWriter } from './repository';
import { applyMerge, parseImport, tagsCacheKey } from './service';

/** app_state key recording that a figure's seed corpus was loaded once. */
export const seededKey = (character: CharacterKey) => `seeded:tags:${character}`;

/**
 * Finds the repository's `data/seed/tags` folder from the source tree and from the bundled
 * dist alike (the same walk up as the migrations folder).
 */
export function seedDataDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i += 1) {
    const candidate = path.join(dir, 'data', 'seed', 'tags');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Seed folder data/seed/tags not found');
}

/** A figure's seed file (`<key>.json`, the archive format plus `starters`), validated. */
export async function loadSeedTags(
  dir: string,
  character: CharacterKey,
): Promise<CleanTagFields[]> {
  const file = path.join(dir, `${character}.json`);
  const raw = JSON.parse(await readFile(file, 'utf8')) as { nama?: unknown; tags?: unknown };
  if (!Array.isArray(raw.tags)) throw new Error(`${file}: "tags" must be an array`);
  const parsed = parseImport(
    { nama: typeof raw.nama === 'string' ? raw.nama : undefined, tags: raw.tags },
    character,
  );
  const problems = [...parsed.errors.map((e) => `${e.path}: ${e.message}`), ...parsed.warnings];
  if (problems.length > 0)
    throw new Error(`${file} is not valid training data:\n  ${problems.join('\n  ')}`);
  return parsed.tags;
}

export interface SeedOutcome {
  character: CharacterKey;
  action: 'seeded' | 'skipped' | 'kept-existing' | 'reset';
  tags: number;
  inputs: number;
  responses: number;
  /** Tags deleted by a reset. */
  deleted?: number;
}

/**
 * Writes a figure's seed tags into its (empty) set under the caller's lock and records the seeding
 * in app_state (with `mark` added). A seed with issues is a broken deployment: it throws.
 */
async function writeSeed(
  writer: TagWriter,
  character: CharacterKey,
  seedTags: CleanTagFields[],
  mark: Record<string, unknown> = {},
): Promise<Pick<SeedOutcome, 'tags' | 'inputs' | 'responses'>> {
  const plan = planMerge([], seedTags);
  if (plan.issues.length > 0)
    throw new Error(`Seed of ${character}: ${plan.issues.map((i) => i.message).join('; ')}`);
  await applyMerge(writer, character, plan);
  await writer.setState(seededKey(character), {
    at: new Date().toISOString(),
    tags: plan.preview.tagsCreated,
    ...mark,
  });
  return {
    tags: plan.preview.tagsCreated,
    inputs: plan.preview.inputsAdded,
    responses: plan.preview.responsesAdded,
  };
}

/**
 * Loads the seed corpus of every figure that was never seeded, each in one transaction under
 * the figure's lock, and records it in app_state: idempotent, safe when several processes start
 * at once, and an admin who deletes every tag is not re-seeded at the next start. A figure that
 * already has tags (curated before seeding was recorded) keeps them and is only marked.
 */
export async function seedIfNeeded(
  database: Pick<Database, 'db' | 'notify'>,
  dir: string = seedDataDir(),
): Promise<SeedOutcome[]> {
  const repo = createTagRepository(database.db);
  const outcomes: SeedOutcome[] = [];
  for (const character of CHARACTER_KEYS) {
    const outcome = await repo.withCharacterLock(character, async (writer) => {
      const none = { character, tags: 0, inputs: 0, responses: 0 };
      if ((await writer.getState(seededKey(character))) !== undefined)
        return { ...none, action: 'skipped' as const };
      const existing = await writer.loadStates(character);
      if (existing.length > 0) {
        await writer.setState(seededKey(character), {
          at: new Date().toISOString(),
          kept: existing.length,
        });
        return { ...none, action: 'kept-existing' as const, tags: existing.length };
      }
      const written = await writeSeed(writer, character, await loadSeedTags(dir, character));
      return { character, action: 'seeded' as const, ...written };
    });
    if (outcome.action === 'seeded') await announceChange(database, tagsCacheKey(character));
    outcomes.push(outcome);
  }
  return outcomes;
}

/** Replaces a figure's tags with its seed corpus, in one transaction (the reset command). */
export async function resetFromSeed(
  database: Pick<Database, 'db' | 'notify'>,
  character: CharacterKey,
  dir: string = seedDataDir(),
): Promise<SeedOutcome> {
  const seedTags = await loadSeedTags(dir, character);
  const outcome = await createTagRepository(database.db).withCharacterLock(
    character,
    async (writer) => {
      const deleted = await writer.deleteAllOf(character);
      const written = await writeSeed(writer, character, seedTags, { reset: true });
      return { character, action: 'reset' as const, deleted, ...written };
    },
  );
  await announceChange(database, tagsCacheKey(character));
  return outcome;
}
