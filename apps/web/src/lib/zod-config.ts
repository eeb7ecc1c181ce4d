import { config } from 'zod';

/**
 * The server's CSP has no 'unsafe-eval'. zod 4 probes `new Function` when it builds object
 * schemas (for a JIT fast path), which a strict CSP reports as a violation even though zod
 * catches it. Import this module BEFORE any module that creates zod schemas (see
 * `loadAuthSchemas`), so that zod never tries.
 */
config({ jitless: true });
