import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  changePasswordData,
  loginBody,
  loginData,
  publicUser,
  registerBody,
  registerData,
} from '@dwitunggal/contracts/schemas/auth';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { toPublicUser, type AuthService } from './service';

export async function authRoutes(
  app: FastifyInstance,
  opts: {
    auth: AuthService;
    /** Per-address and global registration limits (lib/abuse-limits.ts). */
    registerLimit?: (request: FastifyRequest) => Promise<void>;
    /** Body limit of the public routes (register, login). */
    bodyLimit?: number;
  },
) {
  const { auth } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { security: [{ bearerAuth: [] }] };

  // Every answer here is personal (a token, a profile) or about an account: never stored by a
  // browser or a shared cache, errors included.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  r.post(
    '/auth/register',
    {
      bodyLimit: opts.bodyLimit,
      ...(opts.registerLimit ? { preHandler: opts.registerLimit } : {}),
      schema: {
        tags: ['auth'],
        summary: 'Create a learner account',
        body: registerBody,
        response: responses(registerData, 201, [400, 409, 413, 429, 500, 503]),
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      return reply.code(201).send(ok({ user }, 'Registration successful', 201));
    },
  );

  r.post(
    '/auth/login',
    {
      bodyLimit: opts.bodyLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in and receive a bearer token',
        body: loginBody,
        response: responses(loginData, 200, [400, 401, 429, 500, 503]),
      },
    },
    async (request) => ok(await auth.login(request.body, request.ip), 'Login successful'),
  );

  r.post(
    '/auth/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password: every other session ends, the caller gets a fresh token',
        description:
          'Requires the current password (400 with errors.currentPassword when it is wrong). Failed checks count ' +
          'against the login limits (429 with Retry-After). The env-configured admin answers 409: its password is ' +
          "set by the server's ADMIN_PASSWORD.",
        ...secured,
        body: changePasswordBody,
        response: responses(changePasswordData, 200, [400, 401, 409, 429, 500, 503]),
      },
    },
    async (request) =>
      ok(
        await auth.changePassword(currentUser(request).id, request.body, request.ip),
        'Password changed',
      ),
  );
  r.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in profile',
        ...secured,
        response: responses(publicUser, 200, [401, 500, 503]),
      },
    },
    async (request) => ok(toPublicUser(currentUser(request)), 'Profile'),
  );

  /** A bodyless route that acts on the signed-in user and answers only a message. */
  const onSelf = (
    method: 'DELETE' | 'POST',
    url: string,
    summary: string,
    act: (userId: string) => Promise<void>,
    message: string,
  ) =>
    r.route({
      method,
      url,
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary,
        ...secured,
        response: responses(z.null(), 200, [401, 500, 503]),
      },
      handler: async (request) => {
        await act(currentUser(request).id);
        return ok(null, message);
      },
    });
  onSelf(
    'DELETE',
    '/auth/me',
    'Delete the signed-in account',
    (id) => auth.deleteAccount(id),
    'Account deleted',
  );
  onSelf(
    'POST',
    '/auth/logout',
    'Revoke every token of the signed-in user',
    (id) => auth.logout(id),
    'Logged out',
  );
}
