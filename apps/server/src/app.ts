import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
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
import { inlineScriptHashes, resolveWebDist, webPlugin } from './plugins/web';
import { createUserRepository, type UserRow } from './modules/auth/repository';
import { createAuthService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { chatRoutes } from './modules/chat/routes';
import { createChatEngine } from './modules/chat/engine';
import { createCache, createCacheBus } from './lib/cache';
import { createTagRepository } from './modules/tags/repository';
import { createTagService } from './modules/tags/service';
import { tagRoutes } from './modules/tags/routes';
import { createModelService } from './modules/models/service';
import { modelRoutes } from './modules/models/routes';

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
> &
  Partial<Pick<Config, 'LLM_BASE_URL' | 'LLM_MODEL' | 'LLM_API_KEY' | 'LLM_TIMEOUT_MS' | 'LLM_MAX_TOKENS' | 'LLM_MAX_RESPONSE_BYTES' | 'CHAT_MAX_PER_MINUTE'>>;

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
    maxParamLength: 200,
    // Router-level failures (a malformed %-escape, an over-long parameter) get the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const code = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400);
      const status = code >= 400 && code < 500 ? code : 400;
      const body = { code: status, status: 'error', message: status === 414 ? 'URL is too long' : 'Malformed URL' };
      void (reply as unknown as { code(c: number): { send(b: unknown): void } }).code(status).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  // Security headers (helmet), the middleware built once: @fastify/helmet rebuilt it, CSP
  // parsing included, on every request (about 40 us each, measured on the chat hot path).
  // The built shell's inline script(s) are allowed by hash, read once from its index.html.
  const webRoot = resolveWebDist(config.WEB_DIST);
  const scriptSrc = [...CONTENT_SECURITY_POLICY.scriptSrc, ...(webRoot ? inlineScriptHashes(webRoot) : [])];
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY, scriptSrc } },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
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

  // In-process caches, invalidated across processes through the database (lib/cache.ts).
  const cacheBus = await createCacheBus(database, { onError: (err) => app.log.warn({ err }, 'cache notify failed') });
  app.addHook('onClose', () => cacheBus.close());

  const users = createUserRepository(database.db);
  // The signed-in user is read on every authenticated request: cache it, and drop it (in every
  // process) whenever its token version, role or existence changes.
  const userCache = createCache<UserRow | undefined>(cacheBus, { ttlMs: 30_000 });
  const userKey = (id: string) => `user:${id}`;
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
    onUserChanged: (id) => userCache.invalidate(userKey(id)),
  });
  await app.register(authPlugin, {
    tokens,
    findUser: (id) => userCache.get(userKey(id), () => users.findById(id)),
  });

  const tags = createTagService({ repo: createTagRepository(database.db), cache: createCache(cacheBus) });
  const models = createModelService({ database, tags: createTagRepository(database.db), bus: cacheBus, log: app.log });
  app.decorate('models', models);
  app.addHook('onClose', () => models.close());

  const chatEngine = await createChatEngine(config);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(authRoutes, { auth });
      await api.register(tagRoutes, { tags });
      await api.register(modelRoutes, { models });
      await api.register(chatRoutes, { engine: chatEngine, maxPerMinute: config.CHAT_MAX_PER_MINUTE ?? 30 });
    },
    { prefix: '/api' },
  );

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
