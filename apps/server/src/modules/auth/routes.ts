import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, loginData, publicUser, registerBody, registerData } from '@dwitunggal/contracts/auth';
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

  r.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'The signed-in profile', ...secured, response: responses(publicUser, 200, [401, 500, 503]) },
    },
    async (request) => ok(toPublicUser(currentUser(request)), 'Profile'),
  );

  r.delete(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Delete the signed-in account', ...secured, response: responses(z.null(), 200, [401, 500, 503]) },
    },
    async (request) => {
      await auth.deleteAccount(currentUser(request).id);
      return ok(null, 'Account deleted');
    },
  );

  r.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Revoke every token of the signed-in user', ...secured, response: responses(z.null(), 200, [401, 500, 503]) },
    },
    async (request) => {
      await auth.logout(currentUser(request).id);
      return ok(null, 'Logged out');
    },
  );
}
