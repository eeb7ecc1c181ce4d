import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir, restrictToOwner } from './lib/private-files';

/**
 * The one place that reads process.env. Every setting is validated once, at start, with a
 * message that names the variable; nothing else in the server touches process.env.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * Defaults of the abuse limits, timeouts and load shedding (docs/operations.md, "Limits"). The
 * app falls back to the same values when a caller (a test, a benchmark) leaves one out.
 */
export const LIMIT_DEFAULTS = {
  REGISTER_MAX_PER_IP: 50,
  REGISTER_MAX_GLOBAL: 1000,
  REGISTER_WINDOW_SECONDS: 60 * 60,
  CHAT_MAX_PER_MINUTE: 30,
  CHAT_MAX_PER_IP_PER_MINUTE: 300,
  CHAT_MAX_GLOBAL_PER_MINUTE: 6000,
  LOAD_SHED_MAX_LAG_MS: 300,
  LOAD_SHED_RETRY_AFTER_SECONDS: 5,
  REQUEST_TIMEOUT_MS: 30_000,
  HEADERS_TIMEOUT_MS: 15_000,
  KEEP_ALIVE_TIMEOUT_MS: 72_000,
  MAX_CONNECTIONS_PER_IP: 128,
  /** Writes per learner per minute to their history, achievements, feedback and settings. */
  LEARNING_WRITES_PER_MINUTE: 120,
} as const;

/** Days an inbox question is kept (docs/operations.md, section 10). */
export const INBOX_RETENTION_DAYS_DEFAULT = 180;

/** Named groups of proxy addresses (the names Fastify's proxy-addr knows), as CIDR blocks. */
export const PROXY_ADDRESS_GROUPS: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** One proxy address or CIDR block: `10.0.0.5`, `10.0.0.0/8`, `fd00::/8`. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default: the client address is the peer's), a hop count (how many
 * proxies in front append to X-Forwarded-For: the address that many hops from the right is the
 * client's), or a comma-separated list of the proxies' addresses, CIDR blocks or the names
 * loopback, linklocal, uniquelocal (X-Forwarded-For is read from the right while the hops are
 * those proxies). `true` is refused: it trusted every hop, so a client could name any address.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.toLowerCase();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          '`true` is no longer accepted: it trusted every X-Forwarded-For entry, which a client can forge. ' +
          'Give the number of proxies in front of the server (usually 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 10' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !(e in PROXY_ADDRESS_GROUPS) && !isAddressOrCidr(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count, or proxy addresses/CIDRs (not understood: ${bad.join(', ') || raw})`,
      });
      return z.NEVER;
    }
    return entries.flatMap((e) => PROXY_ADDRESS_GROUPS[e] ?? [e]);
  });

const positive = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const milliseconds = (fallback: number, max: number) =>
  z.coerce.number().int().min(10).max(max).default(fallback);

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
  /** Lets ADMIN_EMAIL name an existing non-admin account: it becomes the admin (new password). */
  ADMIN_PROMOTE_EXISTING: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOGIN_MAX_PER_IP: positive(60),
  /** Failed logins per (client address, account) pair per LOGIN_WINDOW_SECONDS. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positive(10),
  LOGIN_WINDOW_SECONDS: positive(15 * 60),
  /** Failed logins per account from all addresses together per LOGIN_GLOBAL_WINDOW_SECONDS. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL: positive(100),
  LOGIN_GLOBAL_WINDOW_SECONDS: positive(60 * 60),
  TRUST_PROXY: trustProxySchema,
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
  CHAT_MAX_PER_MINUTE: positive(LIMIT_DEFAULTS.CHAT_MAX_PER_MINUTE),
  CHAT_MAX_PER_IP_PER_MINUTE: positive(LIMIT_DEFAULTS.CHAT_MAX_PER_IP_PER_MINUTE),
  CHAT_MAX_GLOBAL_PER_MINUTE: positive(LIMIT_DEFAULTS.CHAT_MAX_GLOBAL_PER_MINUTE),
  REGISTER_MAX_PER_IP: positive(LIMIT_DEFAULTS.REGISTER_MAX_PER_IP),
  REGISTER_MAX_GLOBAL: positive(LIMIT_DEFAULTS.REGISTER_MAX_GLOBAL),
  REGISTER_WINDOW_SECONDS: positive(LIMIT_DEFAULTS.REGISTER_WINDOW_SECONDS),
  LEARNING_WRITES_PER_MINUTE: positive(LIMIT_DEFAULTS.LEARNING_WRITES_PER_MINUTE),
  INBOX_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(INBOX_RETENTION_DAYS_DEFAULT),
  /** 0 turns load shedding off. */
  LOAD_SHED_MAX_LAG_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(LIMIT_DEFAULTS.LOAD_SHED_MAX_LAG_MS),
  LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(LIMIT_DEFAULTS.LOAD_SHED_RETRY_AFTER_SECONDS),
  REQUEST_TIMEOUT_MS: milliseconds(LIMIT_DEFAULTS.REQUEST_TIMEOUT_MS, 3_600_000),
  HEADERS_TIMEOUT_MS: milliseconds(LIMIT_DEFAULTS.HEADERS_TIMEOUT_MS, 3_600_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(LIMIT_DEFAULTS.KEEP_ALIVE_TIMEOUT_MS, 3_600_000),
  /** Unset: 128 without a proxy, off with TRUST_PROXY as a hop count; 0 turns it off. */
  MAX_CONNECTIONS_PER_IP: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(0).optional(),
  ),
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
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS',
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
  ensurePrivateDir(dir);
  const file = path.join(dir, name);
  if (existsSync(file)) {
    restrictToOwner(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return value;
}

/** Validated configuration, with the generated development secret resolved. */
/**
 * The configuration of a process started from the command line (the server, its scripts): a bad
 * setting prints the message naming the variable and exits with 1.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

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
