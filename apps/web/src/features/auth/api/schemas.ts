/**
 * The shared account schemas (@dwitunggal/contracts/auth, with the spec's messages), loaded on
 * demand: zod stays out of the first paint of /login and /register. zod is configured for the
 * CSP first (see lib/zod-config).
 */
export function loadAuthSchemas() {
  return import('@/lib/zod-config').then(() => import('@dwitunggal/contracts/auth'));
}
