import { ENTRY_FEATURES } from '../../app/route-table';

/** A path separator, either way. */
const SEP = String.raw`[\\/]`;

/**
 * The modules of the entry's shared `shell` chunk: the app's code that runs before any route
 * module loads (src/app outside routes/, src/prerender, lib, config, components) and the features
 * the route table names as needed at start (ENTRY_FEATURES), plus Rolldown's runtime and Vite's
 * preload helper: a few files to fetch, not a dozen tiny ones.
 */
export function shellModules(features: readonly string[] = ENTRY_FEATURES): RegExp {
  const app = `app${SEP}(?!routes${SEP})[^\\\\/]+|prerender${SEP}[^\\\\/]+`;
  const layers = `lib|config|components|features${SEP}(${features.join('|')})`;
  return new RegExp(
    `${SEP}src${SEP}(${app}|${layers})[\\\\/.]|rolldown${SEP}runtime|vite${SEP}preload-helper`,
  );
}
