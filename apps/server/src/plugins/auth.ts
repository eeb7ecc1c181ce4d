import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import type { TokenService } from '../lib/jwt';
import type { UserRow } from '../modules/auth/repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** Route guard (`onRequest`): a valid bearer token of an existing user, else 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Route guard (`onRequest`): as `authenticate`, and the user is an admin, else 403. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  // The scheme name is case-insensitive (RFC 9110 section 11.1); one or more spaces follow it.
  const match = /^Bearer +([A-Za-z0-9\-_.]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Bearer-token authentication. A token counts only while its user exists and its version equals
 * the user's current token version (logout and account deletion revoke every earlier token).
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { tokens: TokenService; findUser: (id: string) => Promise<UserRow | undefined> },
  ) => {
    app.decorateRequest('user', null);

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      // Answers to authenticated requests are personal: no browser or shared cache keeps them
      // (a route with public content, such as a model file, may set its own cache-control).
      reply.header('cache-control', 'no-store');
      const token = bearerToken(request);
      if (!token) throw unauthorized('Authentication required');
      const claims = await opts.tokens.verify(token);
      if (!claims) throw unauthorized('Invalid or expired token');
      const user = await opts.findUser(claims.userId);
      if (!user || user.tokenVersion !== claims.tokenVersion) {
        throw unauthorized('Invalid or expired token');
      }
      request.user = user;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (request.user?.role !== 'admin') throw forbidden('Only admins can do this');
    });
  },
  { name: 'auth' },
);

/** The signed-in user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
