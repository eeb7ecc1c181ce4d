/** Types of `chromium.mjs` (plain JavaScript so that Node runs it without a build step). */
export interface ResolvedChromium {
  executablePath: string;
  /** Flags the binary needs besides the caller's own (empty for a system Chromium). */
  args: string[];
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}
/** The flags every headless run of the suites and benches passes. */
export const HEADLESS_FLAGS: string[];
export function resolveChromium(env?: NodeJS.ProcessEnv): Promise<ResolvedChromium>;
