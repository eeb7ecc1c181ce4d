/** Types of `postgres.mjs` (plain JavaScript so that Node runs it without a build step). */
export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust: no password). */
  url: string;
  port: number;
  dir: string;
  log(): string;
  start(): Promise<void>;
  /** `fast` ends every session cleanly; `immediate` is a crash of the server. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}
/** Restores the binaries package's shared-library links (in `root`); returns how many were made. */
export function restoreSymlinks(root: string): number;
export function startPostgres(opts?: { prefix?: string }): Promise<Cluster>;
