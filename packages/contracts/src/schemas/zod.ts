import { z } from 'zod';

/**
 * The zod every contract schema is built with. The server's CSP has no 'unsafe-eval', and zod 4
 * probes `new Function` when it builds an object schema (for a JIT fast path), which a strict
 * CSP reports as a violation even though zod catches it. Every schema module imports `z` from
 * here, so this configuration runs before the first schema exists, whatever a consumer imports
 * first. It holds in Node too: one behaviour everywhere (validation results are the same either
 * way; only the object fast path is skipped).
 */
z.config({ jitless: true });

export { z };
