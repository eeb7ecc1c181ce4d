import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { createTestContext, expectError, newUser, type TestContext } from '../test/helpers';
import { body, client } from '../test/client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    LOGIN_MAX_PER_IP: 2,
    TRUST_PROXY: parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY,
  });
});
afterAll(() => ctx.close());

describe('public routes take small bodies only', () => {
  it.each(['/api/auth/register', '/api/auth/login'])(
    '%s answers 413 in the envelope to a 5 KiB body',
    async (url) => {
      const res = await client(ctx.app).post(
        url,
        JSON.stringify({ ...newUser(), name: 'x'.repeat(5 * 1024) }),
        { headers: { 'content-type': 'application/json' } },
      );
      expectError(res, 413, 'Request body is too large');
    },
  );

  it('still accepts an ordinary registration', async () => {
    const res = await client(ctx.app).post('/api/auth/register', newUser());
    expect(res.statusCode).toBe(201);
  });
});

describe('security headers on the router’s own answers', () => {
  it.each(['/%', '/api/%E0%A4%A', '/api/chatbot/tags/%zz'])(
    'a malformed URL (%s) gets them, in the envelope',
    async (url) => {
      const res = await client(ctx.app).get(url);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 400, status: 'error', message: 'Malformed URL' });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeDefined();
      expect(res.headers['strict-transport-security']).toBeDefined();
    },
  );

  it('an over-long parameter and an unknown route get them too', async () => {
    for (const url of [`/api/chatbot/tags/${'a'.repeat(300)}`, '/api/nope']) {
      const res = await client(ctx.app).get(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('TRUST_PROXY as a hop count', () => {
  const login = (forwardedFor: string) =>
    client(ctx.app).post(
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'Salah12345' },
      { headers: { 'x-forwarded-for': forwardedFor } },
    );

  it('takes the address the proxy appended: a forged leftmost X-Forwarded-For does not change it', async () => {
    // The proxy appends the real client (203.0.113.50) to whatever the client sent.
    expect((await login('10.0.0.1, 203.0.113.50')).statusCode).toBe(401);
    expect((await login('10.0.0.2, 203.0.113.50')).statusCode).toBe(401);
    const third = await login('10.0.0.3, 203.0.113.50');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    // A different real client is counted apart.
    expect((await login('10.0.0.1, 203.0.113.51')).statusCode).toBe(401);
  });
});
