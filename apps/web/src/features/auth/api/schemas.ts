/**
 * The shared account schemas (@dwitunggal/contracts/schemas/auth, with the spec's messages),
 * loaded on demand: zod stays out of the first paint of /login and /register.
 */
export function loadAuthSchemas() {
  return import('@dwitunggal/contracts/schemas/auth');
}
