import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds a folder of the repository (e.g. `data/seed/knowledge`) by walking up from this file, so
 * that the same code works from the source tree and from the bundled dist.
 */
export function findRepoPath(relative: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i += 1) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`Folder ${relative} not found`);
}
