import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './env';

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './.data', NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one clear message', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(
      ConfigError,
    );
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters long');
    }
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together, and a JWT_SECRET in production', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'a@example.com' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseEnv({ ADMIN_PASSWORD: 'Secret123' })).toThrow(/ADMIN_EMAIL/);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('reads the admin promotion switch and the account-wide login budget', () => {
    expect(parseEnv({})).toMatchObject({
      ADMIN_PROMOTE_EXISTING: false,
      LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL: 100,
      LOGIN_GLOBAL_WINDOW_SECONDS: 3600,
    });
    expect(
      parseEnv({ ADMIN_PROMOTE_EXISTING: 'true', LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL: '250' }),
    ).toMatchObject({
      ADMIN_PROMOTE_EXISTING: true,
      LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL: 250,
    });
    expect(() => parseEnv({ ADMIN_PROMOTE_EXISTING: 'yes' })).toThrow(/ADMIN_PROMOTE_EXISTING/);
    expect(() => parseEnv({ LOGIN_GLOBAL_WINDOW_SECONDS: '0' })).toThrow(
      /LOGIN_GLOBAL_WINDOW_SECONDS/,
    );
  });

  it('generates a development JWT secret once, keeps it in DATA_DIR with mode 0600, and reuses it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-env-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecretSource).toBe('data-dir');
    expect(Buffer.from(first.jwtSecret).toString()).toBe(Buffer.from(second.jwtSecret).toString());
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(48);
    const file = path.join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(48);
  });

  it('prefers JWT_SECRET from the environment', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-env-'));
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) });
    expect(config.jwtSecretSource).toBe('env');
    expect(Buffer.from(config.jwtSecret).toString()).toBe('x'.repeat(40));
  });
});
