/**
 * Seeds or resets the training data from data/seed/tags, with the server's configuration
 * (DATA_DIR for the embedded database, or DATABASE_URL).
 *
 *   npm run db:seed                                  seed every figure never seeded
 *   npm run db:seed -- --reset                       replace both figures' tags with the seed
 *   npm run db:seed -- --reset --figure hatta        replace one figure's tags
 *
 * With the embedded database, stop the server first: PGlite's data directory belongs to one
 * process at a time. On PostgreSQL, running servers drop their cached lists at once (NOTIFY).
 */
import { parseArgs } from 'node:util';
import {
  CHARACTER_KEYS,
  characterKeyFromName,
  type CharacterKey,
} from '@dwitunggal/contracts/characters';
import { createDatabase } from '../src/db/client';
import { loadConfigOrExit } from '../src/env';
import {
  resetFromSeed,
  seedDataDir,
  seedIfNeeded,
  type SeedOutcome,
} from '../src/modules/tags/seed';

const USAGE = 'Usage: npm run db:seed -- [--reset] [--figure soekarno|hatta]';

function describe(o: SeedOutcome): string {
  const counts = `${o.tags} tags, ${o.inputs} inputs, ${o.responses} responses`;
  switch (o.action) {
    case 'seeded':
      return `${o.character}: seeded (${counts})`;
    case 'reset':
      return `${o.character}: reset, ${o.deleted ?? 0} tags deleted and ${counts} loaded`;
    case 'kept-existing':
      return `${o.character}: already had ${o.tags} tags; kept them and marked the figure as seeded`;
    case 'skipped':
      return `${o.character}: already seeded; nothing to do (use --reset to replace its tags)`;
  }
}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        reset: { type: 'boolean', default: false },
        figure: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  let figures: readonly CharacterKey[] = CHARACTER_KEYS;
  if (args.figure !== undefined) {
    const key = characterKeyFromName(args.figure);
    if (!key) {
      console.error(`Unknown figure "${args.figure}".\n${USAGE}`);
      process.exit(2);
    }
    if (!args.reset) {
      console.error(`--figure only applies with --reset.\n${USAGE}`);
      process.exit(2);
    }
    figures = [key];
  }

  const config = loadConfigOrExit();
  const where = config.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  const dir = seedDataDir();
  console.log(`Database: ${where}\nSeed files: ${dir}`);
  const database = await createDatabase(config);
  try {
    if (args.reset) {
      for (const character of figures)
        console.log(describe(await resetFromSeed(database, character, dir)));
    } else {
      for (const outcome of await seedIfNeeded(database, dir)) console.log(describe(outcome));
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error('Seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
