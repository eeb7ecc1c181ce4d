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

  it('takes TRUST_PROXY as false, a hop count or proxy addresses, and refuses `true`', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
    expect(parseEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['127.0.0.1/8', '::1/128']);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: `true` is no longer accepted.*number of proxies/s,
    );
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });

  it('validates the abuse limits and timeouts', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      REGISTER_MAX_PER_IP: 50,
      CHAT_MAX_PER_IP_PER_MINUTE: 300,
      LOAD_SHED_MAX_LAG_MS: 300,
      REQUEST_TIMEOUT_MS: 30_000,
    });
    expect(env.MAX_CONNECTIONS_PER_IP).toBeUndefined();
    expect(parseEnv({ MAX_CONNECTIONS_PER_IP: '0', LOAD_SHED_MAX_LAG_MS: '0' })).toMatchObject({
      MAX_CONNECTIONS_PER_IP: 0,
      LOAD_SHED_MAX_LAG_MS: 0,
    });
    expect(() => parseEnv({ REGISTER_MAX_PER_IP: '0' })).toThrow(/REGISTER_MAX_PER_IP/);
    expect(() => parseEnv({ CHAT_MAX_GLOBAL_PER_MINUTE: 'many' })).toThrow(
      /CHAT_MAX_GLOBAL_PER_MINUTE/,
    );
    expect(() => parseEnv({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });
});
