import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * Takes group and other permissions away from a file or folder this process owns (a folder
 * created by an older version, or by hand, with the usual 0755/0644). Someone else's is left as
 * it is: chmod would fail, and it is its owner's choice.
 */
export function restrictToOwner(target: string, mode: 0o700 | 0o600): void {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return;
  }
  const owned = typeof process.getuid !== 'function' || stat.uid === process.getuid();
  if (owned && (stat.mode & 0o777) !== mode) chmodSync(target, mode);
}

/**
 * Creates the data folder readable by this user only (0700), or tightens an existing one. A
 * shared folder (the sticky bit: /tmp and the like) is never changed: DATA_DIR pointed at it by
 * mistake must not lock every other user out of it.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((statSync(dir).mode & 0o1000) === 0) restrictToOwner(dir, 0o700);
}

/** Creates a folder (0700) when it is missing; an existing one is left exactly as it is. */
export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}
