import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { INBOX_RETENTION_DAYS_DEFAULT, LIMIT_DEFAULTS, type Config } from './env';
import type { Database } from './db/client';
import { createAbuseLimits } from './lib/abuse-limits';
import { addressMatcher, capConnectionsPerAddress } from './lib/connection-cap';
import { monitorEventLoopLag, type LagReading } from './lib/event-loop-lag';
import { createTokenService } from './lib/jwt';
import { createRateLimiter } from './lib/rate-limiter';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { inlineScriptHashes, resolveWebDist, webPlugin } from './plugins/web';
import { createUserRepository, userCacheKey, type UserRow } from './modules/auth/repository';
import { createAuthService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { chatRoutes } from './modules/chat/routes';
import { createChatEngine } from './modules/chat/engine';
import { createCache, createCacheBus } from './lib/cache';
import { createTagRepository } from './modules/tags/repository';
import { createTagService } from './modules/tags/service';
import { createQualityReports } from './modules/tags/quality-reports';
import { tagRoutes } from './modules/tags/routes';
import { createModelService } from './modules/models/service';
import { modelRoutes } from './modules/models/routes';
import { createAchievementRepository } from './modules/achievements/repository';
import { achievementRoutes } from './modules/achievements/routes';
import { createConversationRepository } from './modules/conversations/repository';
import { conversationRoutes } from './modules/conversations/routes';
import { createConversationService } from './modules/conversations/service';
import { createLearningWriteLimit } from './modules/conversations/write-limit';
import { createFeedbackRepository } from './modules/feedback/repository';
import { feedbackRoutes } from './modules/feedback/routes';
import { createFeedbackService } from './modules/feedback/service';
import { createInboxRepository } from './modules/inbox/repository';
import { inboxRoutes } from './modules/inbox/routes';
import { createInboxService } from './modules/inbox/service';
import { createSettingsRepository } from './modules/me/repository';
import { meRoutes } from './modules/me/routes';

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
  Partial<
    Pick<
      Config,
      | 'LLM_BASE_URL'
      | 'LLM_MODEL'
      | 'LLM_API_KEY'
      | 'LLM_TIMEOUT_MS'
      | 'LLM_MAX_TOKENS'
      | 'LLM_MAX_RESPONSE_BYTES'
      | 'CHAT_MAX_PER_MINUTE'
    >
  > &
  Partial<Pick<Config, keyof typeof LIMIT_DEFAULTS | 'MAX_CONNECTIONS_PER_IP'>> &
  Partial<
    Pick<
      Config,
      'LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL' | 'LOGIN_GLOBAL_WINDOW_SECONDS' | 'ADMIN_EMAIL'
    >
  > &
  Partial<Pick<Config, 'INBOX_RETENTION_DAYS'>>;

/** Users kept in each process's cache of signed-in users (least recently used dropped first). */
export const USER_CACHE_SIZE = 10_000;

/** Body limit of the public routes (register, login): their bodies are a few short fields. */
export const PUBLIC_BODY_LIMIT = 4 * 1024;

/** Body limit of the learning routes: 50 turns of up to 4,000 characters, in UTF-8. */
export const LEARNING_BODY_LIMIT = 256 * 1024;

/**
 * The connection cap per peer address: as configured; else off when a hop count of proxies is
 * trusted (every connection then comes from a proxy whose address is not known), else the
 * default.
 */
export function connectionsPerAddress(
  config: Pick<AppConfig, 'MAX_CONNECTIONS_PER_IP' | 'TRUST_PROXY'>,
): number {
  if (config.MAX_CONNECTIONS_PER_IP !== undefined) return config.MAX_CONNECTIONS_PER_IP;
  const behindHops = typeof config.TRUST_PROXY === 'number' && config.TRUST_PROXY > 0;
  return behindHops ? 0 : LIMIT_DEFAULTS.MAX_CONNECTIONS_PER_IP;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. Either way X-Forwarded-For is read from the right, so a
 * client cannot choose its address by sending the header itself: with the proxies' addresses,
 * hops are skipped while they are those proxies; with a hop count, exactly that many hops are
 * (Fastify itself no longer takes a number: a count cannot check that the peer is a proxy, so
 * the server must be reachable only through them, see docs/operations.md).
 */
export function trustProxyOption(
  trust: AppConfig['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trust)) return trust;
  if (typeof trust === 'number' && trust > 0) return (_address, hop) => hop < trust;
  return false;
}

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

/**
 * Security headers (helmet), the middleware built once: @fastify/helmet rebuilt it, CSP parsing
 * included, on every request (about 40 us each, measured on the chat hot path). The built
 * shell's inline script(s) are allowed by hash, read once from its index.html.
 */
function securityHeadersFor(webRoot: string | null) {
  const scriptSrc = [
    ...CONTENT_SECURITY_POLICY.scriptSrc,
    ...(webRoot ? inlineScriptHashes(webRoot) : []),
  ];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, scriptSrc },
    },
    crossOriginEmbedderPolicy: false,
  });
}

export async function buildApp(opts: {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The event loop's lag in ms, for load shedding (default: measured; tests give their own). */
  eventLoopLag?: LagReading;
  /** The clock of the learning modules (turn times, inbox retention); tests inject their own. */
  clock?: () => number;
  /** false: the rag route does not store turns (bench/learning.ts measures their cost). */
  storeRagTurns?: boolean;
}): Promise<FastifyInstance> {
  const { config, database } = opts;
  const limit = <K extends keyof typeof LIMIT_DEFAULTS>(key: K): number =>
    config[key] ?? LIMIT_DEFAULTS[key];
  const webRoot = resolveWebDist(config.WEB_DIST);
  const securityHeaders = securityHeadersFor(webRoot);
  const requestTimeout = limit('REQUEST_TIMEOUT_MS');
  const headersTimeout = Math.min(limit('HEADERS_TIMEOUT_MS'), requestTimeout);
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Slow clients: the whole request (headers and body) must arrive within requestTimeout and
    // the headers within headersTimeout (Node answers 408 and closes); an idle keep-alive
    // connection closes after keepAliveTimeout. Node checks every connectionsCheckingInterval.
    requestTimeout,
    keepAliveTimeout: limit('KEEP_ALIVE_TIMEOUT_MS'),
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // Router-level failures (a malformed %-escape, an over-long parameter) get the envelope too.
    // They run before any hook, so the security headers are set here too.
    frameworkErrors: (error, request, reply) => {
      const code = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400);
      const status = code >= 400 && code < 500 ? code : 400;
      const body = {
        code: status,
        status: 'error',
        message: status === 414 ? 'URL is too long' : 'Malformed URL',
      };
      securityHeaders(request.raw, reply.raw, () => {
        void (reply as unknown as { code(c: number): { send(b: unknown): void } })
          .code(status)
          .send(body);
      });
    },
  });
  const perAddress = connectionsPerAddress(config);
  capConnectionsPerAddress(app.server, {
    max: perAddress,
    ...(Array.isArray(config.TRUST_PROXY) ? { exempt: addressMatcher(config.TRUST_PROXY) } : {}),
    onRefused: (address) =>
      app.log.warn({ address, max: perAddress }, 'connection refused: too many from one address'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // No CORS plugin: the API is same-origin only, so browsers refuse cross-origin reads.

  // Load shedding: after the security headers, before authentication and body parsing.
  let lagMs = opts.eventLoopLag;
  if (!lagMs) {
    const monitor = monitorEventLoopLag();
    app.addHook('onClose', async () => monitor.stop());
    lagMs = monitor.read;
  }
  await app.register(loadSheddingPlugin, {
    lagMs,
    maxLagMs: limit('LOAD_SHED_MAX_LAG_MS'),
    retryAfterSeconds: limit('LOAD_SHED_RETRY_AFTER_SECONDS'),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dwitunggal API',
        version: '1.0.0',
        description: 'Accounts, training data, models and chat.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // In-process caches, invalidated across processes through the database (lib/cache.ts).
  const cacheBus = await createCacheBus(database, {
    onError: (err) => app.log.warn({ err }, 'cache notify failed'),
  });
  app.addHook('onClose', () => cacheBus.close());

  const users = createUserRepository(database.db);
  // The signed-in user is read on every authenticated request: cache it, and drop it (in every
  // process) whenever its token version, role or existence changes.
  const userCache = createCache<UserRow | undefined>(cacheBus, {
    ttlMs: 30_000,
    maxEntries: USER_CACHE_SIZE,
  });
  const tokens = createTokenService(config.jwtSecret, config.JWT_TTL_SECONDS);
  const limiter = createRateLimiter(database);
  const abuse = createAbuseLimits(limiter, {
    register: {
      maxPerIp: limit('REGISTER_MAX_PER_IP'),
      maxGlobal: limit('REGISTER_MAX_GLOBAL'),
      windowSeconds: limit('REGISTER_WINDOW_SECONDS'),
    },
    chat: {
      maxPerUser: limit('CHAT_MAX_PER_MINUTE'),
      maxPerIp: limit('CHAT_MAX_PER_IP_PER_MINUTE'),
      maxGlobal: limit('CHAT_MAX_GLOBAL_PER_MINUTE'),
    },
  });
  const auth = createAuthService({
    users,
    tokens,
    limiter,
    limits: {
      maxPerIp: config.LOGIN_MAX_PER_IP,
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowSeconds: config.LOGIN_WINDOW_SECONDS,
      maxFailuresPerAccountGlobal: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL ?? 100,
      globalWindowSeconds: config.LOGIN_GLOBAL_WINDOW_SECONDS ?? 60 * 60,
    },
    configuredAdminEmail: config.ADMIN_EMAIL,
    onUserChanged: (id) => userCache.invalidate(userCacheKey(id)),
  });
  await app.register(authPlugin, {
    tokens,
    findUser: (id) => userCache.get(userCacheKey(id), () => users.findById(id)),
  });

  const qualityReports = createQualityReports();
  app.addHook('onClose', () => qualityReports.close());
  const tags = createTagService({
    repo: createTagRepository(database.db),
    cache: createCache(cacheBus),
    quality: qualityReports,
  });
  const models = createModelService({
    database,
    tags,
    bus: cacheBus,
    log: app.log,
  });
  app.decorate('models', models);
  app.addHook('onClose', () => models.close());

  const chatEngine = await createChatEngine(config);
  app.addHook('onClose', () => chatEngine.close());

  // Learning that lasts (issue 15): history, achievements, feedback, the curators' inbox.
  const now = opts.clock ?? Date.now;
  const settings = createSettingsRepository(database.db);
  const inbox = createInboxService({
    repo: createInboxRepository(database.db),
    tags,
    retentionDays: config.INBOX_RETENTION_DAYS ?? INBOX_RETENTION_DAYS_DEFAULT,
    now,
    onError: (err) => app.log.error({ err }, 'inbox write failed'),
  });
  app.decorate('inbox', inbox);
  inbox.start();
  app.addHook('onClose', async () => inbox.stop());
  const conversations = createConversationService({
    repo: createConversationRepository(database.db),
    inbox,
    now,
  });
  const achievements = createAchievementRepository(database.db);
  const feedback = createFeedbackService({
    repo: createFeedbackRepository(database.db),
    conversations,
    inbox,
    now,
  });
  const learning = {
    writeLimit: createLearningWriteLimit(limiter, limit('LEARNING_WRITES_PER_MINUTE')),
    bodyLimit: LEARNING_BODY_LIMIT,
  };

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(authRoutes, {
        auth,
        registerLimit: abuse.register,
        bodyLimit: PUBLIC_BODY_LIMIT,
      });
      await api.register(tagRoutes, { tags });
      await api.register(modelRoutes, { models });
      await api.register(chatRoutes, {
        engine: chatEngine,
        limit: abuse.chat,
        ...(opts.storeRagTurns === false ? {} : { conversations }),
      });
      await api.register(conversationRoutes, { conversations, ...learning });
      await api.register(achievementRoutes, { achievements, ...learning });
      await api.register(feedbackRoutes, { feedback, ...learning });
      await api.register(meRoutes, {
        settings,
        achievements,
        conversations,
        feedback,
        now,
        ...learning,
      });
      await api.register(inboxRoutes, { inbox, bodyLimit: LEARNING_BODY_LIMIT });
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
    return reply.code(404).send({
      code: 404,
      status: 'error',
      message: `Route ${request.method} ${pathname} not found`,
    });
  });

  return app;
}
