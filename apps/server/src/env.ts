import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads process.env. Every setting is validated once, at start, with a
 * message that names the variable; nothing else in the server touches process.env.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  JWT_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(60 * 60 * 24 * 90)
    .default(60 * 60 * 24 * 7),
  ADMIN_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optionalString,
  ADMIN_NAME: z.string().trim().min(3).max(50).default('Admin Dwitunggal'),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(60),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  LLM_BASE_URL: optionalString.pipe(z.url('must be a URL').optional()),
  LLM_MODEL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).max(4096).default(300),
  LLM_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(256 * 1024),
  CHAT_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(30),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  jwtSecret: Uint8Array;
  /** Where the JWT secret came from: the environment, or a file generated in DATA_DIR. */
  jwtSecretSource: 'env' | 'data-dir';
};

export class ConfigError extends Error {}

/** Parses and validates an environment; throws ConfigError listing every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_EMAIL: required when ADMIN_PASSWORD is set',
    );
  }
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set',
    );
  }
  if (Boolean(env.LLM_BASE_URL) !== Boolean(env.LLM_MODEL)) {
    throw new ConfigError(
      'Invalid configuration:\n  LLM_BASE_URL and LLM_MODEL: set both to use an LLM, or neither',
    );
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least 32 characters)',
    );
  }
  return env;
}

/** Reads a secret kept in the data directory, creating it once with `make` (mode 0600). */
export function readOrCreateSecretFile(dir: string, name: string, make: () => string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return value;
}

/** Validated configuration, with the generated development secret resolved. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const fromEnv = env.JWT_SECRET;
  const secret =
    fromEnv ??
    readOrCreateSecretFile(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  return {
    ...env,
    dataDir,
    jwtSecret: new TextEncoder().encode(secret),
    jwtSecretSource: fromEnv ? 'env' : 'data-dir',
  };
}
