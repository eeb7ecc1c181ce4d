import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../lib/jwt';
import { expectError, newUser, signUp, TEST_SECRET, useTestContext } from '../../../test/helpers';
import { body, client } from '../../../test/client';

const ctx = useTestContext();

const post = (url: string, payload: unknown, headers = {}) =>
  client(ctx.app).post(url, payload, { headers });

describe('POST /api/auth/register', () => {
  it('creates a learner and never returns the password hash', async () => {
    const account = newUser();
    const res = await post('/api/auth/register', account);
    expect(res.statusCode).toBe(201);
    const out = body<{ user: Record<string, unknown> }>(res);
    expect(out.code).toBe(201);
    expect(out.status).toBe('success');
    expect(out.data.user).toMatchObject({ name: account.name, email: account.email, role: 'user' });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('answers 409 naming the email field when the email is taken in any case', async () => {
    const account = newUser();
    expect((await post('/api/auth/register', account)).statusCode).toBe(201);
    const res = await post('/api/auth/register', {
      ...account,
      email: account.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    const out = body(res);
    // The spec's client looks for the lower-case word in the message; the web app for the field.
    expect(out.message).toContain('email');
    expect(out.errors?.email).toBe('Email already registered');
  });

  it('gives exactly one account when the same email registers twice at once', async () => {
    const account = newUser();
    const results = await Promise.all([
      post('/api/auth/register', account),
      post('/api/auth/register', account),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ name: 'Ab' }, 'name', 'Name must be at least 3 characters'],
    [{ name: 'x'.repeat(51) }, 'name', 'Name cannot exceed 50 characters'],
    [{ email: 'bukan-email' }, 'email', 'Please enter a valid email address'],
    [{ password: 'Ab1' }, 'password', 'Password must be at least 8 characters'],
    [
      { password: 'merdeka1945' },
      'password',
      'Password must contain at least one uppercase letter',
    ],
    [
      { password: 'MERDEKA1945' },
      'password',
      'Password must contain at least one lowercase letter',
    ],
    [{ password: 'MerdekaMerdeka' }, 'password', 'Password must contain at least one number'],
  ])('rejects %j with the spec message on %s', async (override, field, message) => {
    const res = await post('/api/auth/register', newUser(override));
    expect(res.statusCode).toBe(400);
    const out = body(res);
    expect(out).toMatchObject({ code: 400, status: 'error' });
    expect(out.errors?.[field]).toBe(message);
  });

  it('rejects a missing body and a non-object body with 4xx envelopes', async () => {
    for (const payload of [undefined, '[]', '"x"', '{bad json']) {
      const res = await post('/api/auth/register', payload, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 400, status: 'error' });
    }
  });
});

describe('POST /api/auth/login', () => {
  it('returns a token and the user for the right password, with any email case', async () => {
    const account = newUser();
    await post('/api/auth/register', account);
    const res = await post('/api/auth/login', {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
    const out = body<{ token: string; user: { email: string } }>(res);
    expect(out.data.token.split('.')).toHaveLength(3);
    expect(out.data.user.email).toBe(account.email);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const account = newUser();
    await post('/api/auth/register', account);
    const wrong = await post('/api/auth/login', { email: account.email, password: 'Salah12345' });
    const unknown = await post('/api/auth/login', {
      email: 'tidak.ada@example.com',
      password: 'Salah12345',
    });
    for (const res of [wrong, unknown]) expectError(res, 401, 'Invalid email or password');
  });

  it('validates with the login messages', async () => {
    const res = await post('/api/auth/login', { email: '', password: '123' });
    expect(res.statusCode).toBe(400);
    const out = body(res);
    expect(out.errors?.email).toBe('Email is required');
    expect(out.errors?.password).toBe('Password must be at least 6 characters');
  });

  it('locks an account after repeated failures with 429 and Retry-After, even for the right password', async () => {
    const account = newUser();
    await post('/api/auth/register', account);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post('/api/auth/login', { email: account.email, password: 'Salah12345' }))
          .statusCode,
      ).toBe(401);
    }
    const res = await post('/api/auth/login', { email: account.email, password: account.password });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(body(res)).toMatchObject({ code: 429, status: 'error' });
  });
});

describe('tokens', () => {
  it('GET /api/auth/me returns the profile for a valid token', async () => {
    const { token, user } = await signUp(ctx.app);
    const res = await client(ctx.app, token).get('/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect(body<unknown>(res).data).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'user',
    });
  });

  const sign = (
    claims: Record<string, unknown>,
    opts: { secret?: string; exp?: string | number } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '1h')
      .sign(new TextEncoder().encode(opts.secret ?? TEST_SECRET));

  it('rejects missing, tampered, expired, foreign-signed and alg:none tokens with 401', async () => {
    const { token, user } = await signUp(ctx.app);
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...payload, sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const expired = await sign(
      { sub: user.id, ver: 0 },
      { exp: Math.floor(Date.now() / 1000) - 60 },
    );
    const foreign = await sign(
      { sub: user.id, ver: 0 },
      { secret: 'another-secret-another-secret-another-secret' },
    );
    const cases = [
      undefined,
      'Bearer',
      `Bearer ${h}.${tamperedPayload}.${s}`,
      `Bearer ${none}`,
      `Bearer ${expired}`,
      `Bearer ${foreign}`,
      `Basic ${token}`,
      token,
    ];
    for (const authorization of cases) {
      const res = await client(ctx.app).get('/api/auth/me', {
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(body(res)).toMatchObject({ code: 401, status: 'error' });
    }
    // The genuine token still works, so the 401s above are not a broken verifier.
    expect((await client(ctx.app, token).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('rejects a token older than the configured lifetime even when its own expiry is later', async () => {
    const { user } = await signUp(ctx.app);
    const now = Math.floor(Date.now() / 1000);
    // The test app's JWT_TTL_SECONDS is 3600: issued two hours ago, "valid" for another hour.
    const old = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(TEST_SECRET));
    const res = await client(ctx.app, old).get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    // The same claims issued now are accepted: the age is what was refused.
    const fresh = await sign({ sub: user.id, ver: 0 });
    expect((await client(ctx.app, fresh).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers 401, not 500, for a well-signed token whose subject is not a user id', async () => {
    for (const sub of ['admin', '1', 'x'.repeat(300), "' or 1=1 --"]) {
      const token = await sign({ sub, ver: 0 });
      const res = await client(ctx.app, token).get('/api/auth/me');
      expect(res.statusCode, sub).toBe(401);
      expect(body(res)).toMatchObject({ code: 401, status: 'error' });
    }
  });

  it('accepts the bearer scheme in any letter case, as HTTP defines it', async () => {
    const { token } = await signUp(ctx.app);
    for (const authorization of [`bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`]) {
      const res = await client(ctx.app).get('/api/auth/me', { headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 8)).toBe(200);
    }
  });

  it('logout makes every earlier token of the user fail', async () => {
    const { token, credentials } = await signUp(ctx.app);
    const second = body<{ token: string }>(
      await post('/api/auth/login', { email: credentials.email, password: credentials.password }),
    ).data.token;
    const out = await client(ctx.app, token).post('/api/auth/logout');
    expect(out.statusCode).toBe(200);
    for (const t of [token, second]) {
      expect((await client(ctx.app, t).get('/api/auth/me')).statusCode).toBe(401);
    }
    const fresh = body<{ token: string }>(
      await post('/api/auth/login', { email: credentials.email, password: credentials.password }),
    ).data.token;
    expect((await client(ctx.app, fresh).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('DELETE /api/auth/me removes the account: its token fails and it can no longer log in', async () => {
    const { token, credentials } = await signUp(ctx.app);
    const res = await client(ctx.app, token).del('/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect((await client(ctx.app, token).get('/api/auth/me')).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: credentials.email, password: credentials.password }))
        .statusCode,
    ).toBe(401);
    // The email is free again.
    expect((await post('/api/auth/register', credentials)).statusCode).toBe(201);
  });
});

describe('caching of personal answers', () => {
  it('marks login, registration and every authenticated answer no-store, errors included', async () => {
    const account = newUser();
    const registered = await post('/api/auth/register', account);
    const login = await post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    const failed = await post('/api/auth/login', { email: account.email, password: 'Salah12345' });
    const token = body<{ token: string }>(login).data.token;
    const me = await client(ctx.app, token).get('/api/auth/me');
    const tags = await client(ctx.app, token).get('/api/chatbot/tags/nama/soekarno');
    const anonymous = await client(ctx.app).get('/api/auth/me');
    for (const [label, res] of Object.entries({ registered, login, failed, me, tags, anonymous })) {
      expect(res.headers['cache-control'], label).toBe('no-store');
    }
    expect([login.statusCode, me.statusCode, tags.statusCode]).toEqual([200, 200, 200]);
  });
});

describe('routing', () => {
  it('answers an unknown /api path with a 404 envelope, never HTML', async () => {
    const res = await client(ctx.app).get('/api/does-not-exist', {
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(body(res)).toMatchObject({ code: 404, status: 'error' });
  });

  it('answers malformed and over-long URLs with a 4xx envelope', async () => {
    for (const url of ['/api/chatbot/tags/%E0%A4%A', `/api/chatbot/tags/${'x'.repeat(500)}`]) {
      const res = await client(ctx.app).get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(body(res)).toMatchObject({ status: 'error', code: res.statusCode });
    }
  });

  it('reports health with the database state', async () => {
    const res = await client(ctx.app).get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ status: 'ok', database: { up: true } });
  });

  it('serves an OpenAPI document that lists the auth routes', async () => {
    const res = await client(ctx.app).get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/me',
        '/api/auth/logout',
        '/api/auth/password',
      ]),
    );
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await client(ctx.app).get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
