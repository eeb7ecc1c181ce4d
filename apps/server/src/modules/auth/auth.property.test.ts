import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/helpers';
import { body, client } from '../../../test/client';

const ctx = useTestContext();

const ROUTES = [
  { method: 'POST', url: '/api/auth/register' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'GET', url: '/api/auth/me' },
  { method: 'DELETE', url: '/api/auth/me' },
  { method: 'POST', url: '/api/auth/logout' },
] as const;

const expectClientError = (res: { statusCode: number; body: string }, label: string) => {
  expect(
    res.statusCode,
    `${label} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  const body = JSON.parse(res.body) as { code: number; status: string; message: string };
  expect(body.status).toBe('error');
  expect(body.code).toBe(res.statusCode);
  expect(typeof body.message).toBe('string');
  expect(res.body).not.toMatch(/at .*\.ts:\d+|stack|SELECT|INSERT/i);
};

/** Bodies that are almost right: the right keys with wrong, odd or hostile values. */
const nearMiss = fc.record(
  {
    name: fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string()),
    ),
    email: fc.oneof(
      fc.string(),
      fc.emailAddress().map((e) => `${e}\u0000`),
      fc.constant('a@b'),
      fc.object(),
      fc.string({ minLength: 300, maxLength: 400 }),
    ),
    password: fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ minLength: 129, maxLength: 300 }),
      fc.boolean(),
      fc.double(),
    ),
  },
  { requiredKeys: [] },
);

describe('auth routes under random and malformed input', () => {
  it('answer random JSON values with a 4xx envelope, never a 5xx', async () => {
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.oneof(fc.jsonValue(), nearMiss),
        async (route, body) => {
          tried += 1;
          const res = await client(ctx.app).send(route.method, route.url, JSON.stringify(body), {
            headers: { 'content-type': 'application/json' },
          });
          expectClientError(
            res,
            `${route.method} ${route.url} ${JSON.stringify(body).slice(0, 120)}`,
          );
        },
      ),
      { numRuns: 300 },
    );
    expect(tried).toBe(300);
  });

  it('answer malformed bodies, content types and auth headers with a 4xx envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.constant('{"email":'),
          fc.constant('{'.repeat(2000)),
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ),
        fc.oneof(
          fc.constant(undefined),
          fc.string(),
          fc.string().map((s) => `Bearer ${s}`),
        ),
        async (route, payload, contentType, authorization) => {
          const headers: Record<string, string> = { 'content-type': contentType };
          if (authorization !== undefined && /^[\x20-\x7e]*$/.test(authorization))
            headers.authorization = authorization;
          const res = await client(ctx.app).send(route.method, route.url, payload, { headers });
          expectClientError(
            res,
            `${route.method} ${route.url} ${contentType} ${payload.slice(0, 80)}`,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answer deeply nested and 1 MB bodies with a 4xx envelope', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const huge = JSON.stringify({
      name: 'x'.repeat(1024 * 1024),
      email: 'a@b.co',
      password: 'Merdeka1945',
    });
    for (const route of ROUTES) {
      for (const payload of [deep, huge]) {
        const res = await client(ctx.app).send(route.method, route.url, payload, {
          headers: { 'content-type': 'application/json' },
        });
        expectClientError(res, `${route.method} ${route.url} ${payload.length}`);
      }
    }
    expect(body(await client(ctx.app).get('/api/health'))).toMatchObject({
      status: 'ok',
    });
  });
});
