import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './env';
import type { Database } from './db/client';
import { createTokenService } from './lib/jwt';
import { createRateLimiter } from './lib/rate-limiter';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { resolveWebDist, webPlugin } from './plugins/web';
import { createUserRepository } from './modules/auth/repository';
import { createAuthService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';

export type AppConfig = Pick<
  Config,
  | 'jwtSecret'
  | 'JWT_TTL_SECONDS'
  | 'LOGIN_MAX_PER_IP'
  | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
  | 'LOGIN_WINDOW_SECONDS'
  | 'TRUST_PROXY'
  | 'LOG_LEVEL'
  | 'WEB_DIST'
>;

/** The Content-Security-Policy that the built web app satisfies (no inline code, same origin). */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export async function buildApp(opts: {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
  });
  // No CORS plugin: the API is same-origin only, so browsers refuse cross-origin reads.

  await app.register(swagger, {
    openapi: {
      info: { title: 'Dwitunggal API', version: '1.0.0', description: 'Accounts, training data, models and chat.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const users = createUserRepository(database.db);
  const tokens = createTokenService(config.jwtSecret, config.JWT_TTL_SECONDS);
  const limiter = createRateLimiter(database.db);
  const auth = createAuthService({
    users,
    tokens,
    limiter,
    limits: {
      maxPerIp: config.LOGIN_MAX_PER_IP,
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowSeconds: config.LOGIN_WINDOW_SECONDS,
    },
  });
  await app.register(authPlugin, { tokens, users });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(authRoutes, { auth });
    },
    { prefix: '/api' },
  );

  const webRoot = resolveWebDist(config.WEB_DIST);
  if (webRoot) await app.register(webPlugin, { root: webRoot });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      webRoot &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ code: 404, status: 'error', message: `Route ${request.method} ${pathname} not found` });
  });

  return app;
}
