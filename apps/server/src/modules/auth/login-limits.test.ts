import { describe, expect, it } from 'vitest';
import { loginFrom, newUser, useTestContext } from '../../../test/helpers';
import { body, client } from '../../../test/client';

/** Failures allowed per (address, account) pair, and per account from all addresses. */
const PER_PAIR = 10;
const PER_ACCOUNT = 25;

const ctx = useTestContext({
  LOGIN_MAX_PER_IP: 10_000,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: PER_PAIR,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL: PER_ACCOUNT,
  LOGIN_GLOBAL_WINDOW_SECONDS: 3600,
});

const login = (email: string, password: string, remoteAddress?: string) =>
  loginFrom(ctx.app, email, password, remoteAddress);

async function registered() {
  const body = newUser();
  const res = await client(ctx.app).post('/api/auth/register', body);
  expect(res.statusCode).toBe(201);
  return body;
}

const statuses = (list: { statusCode: number }[]) =>
  list.reduce<Record<number, number>>(
    (acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }),
    {},
  );

describe('login lockout', () => {
  it('checks at most the allowed number of parallel wrong guesses; the rest get 429', async () => {
    const account = await registered();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => login(account.email, 'Salah12345')),
    );
    expect(statuses(results)).toEqual({ 401: PER_PAIR, 429: 40 - PER_PAIR });
    for (const res of results.filter((r) => r.statusCode === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(res)).toMatchObject({ code: 429, status: 'error' });
    }
    // The account is locked for this address: the right password is not even checked.
    expect((await login(account.email, account.password)).statusCode).toBe(429);
  });

  it('lets the right password in among parallel guesses only if it is among the checked ones', async () => {
    const account = await registered();
    const guesses = Array.from({ length: 30 }, (_, i) =>
      i === 29 ? account.password : `Salah1234${i}`,
    );
    const results = await Promise.all(guesses.map((p) => login(account.email, p)));
    const counts = statuses(results);
    // At most PER_PAIR passwords were checked in all: the 401s and the 200 (if it got a slot).
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(PER_PAIR);
    expect(counts[429]).toBeGreaterThanOrEqual(30 - PER_PAIR);
  });

  it('a lockout caused from one address does not stop the right password from another', async () => {
    const account = await registered();
    for (let i = 0; i < PER_PAIR; i += 1) {
      expect((await login(account.email, 'Salah12345', '203.0.113.7')).statusCode).toBe(401);
    }
    expect((await login(account.email, account.password, '203.0.113.7')).statusCode).toBe(429);
    const elsewhere = await login(account.email, account.password, '198.51.100.20');
    expect(elsewhere.statusCode).toBe(200);
    // Still locked where the guesses came from.
    expect((await login(account.email, account.password, '203.0.113.7')).statusCode).toBe(429);
  });

  it('a success clears the failures of its own address', async () => {
    const account = await registered();
    for (let i = 0; i < PER_PAIR - 1; i += 1) {
      expect((await login(account.email, 'Salah12345', '192.0.2.1')).statusCode).toBe(401);
    }
    expect((await login(account.email, account.password, '192.0.2.1')).statusCode).toBe(200);
    for (let i = 0; i < PER_PAIR - 1; i += 1) {
      expect((await login(account.email, 'Salah12345', '192.0.2.1')).statusCode).toBe(401);
    }
    expect((await login(account.email, account.password, '192.0.2.1')).statusCode).toBe(200);
  });

  it('guesses spread over many addresses stop at the account-wide budget', async () => {
    const account = await registered();
    let failures = 0;
    for (let address = 1; failures < PER_ACCOUNT; address += 1) {
      for (let i = 0; i < PER_PAIR && failures < PER_ACCOUNT; i += 1, failures += 1) {
        expect((await login(account.email, 'Salah12345', `10.0.${address}.1`)).statusCode).toBe(
          401,
        );
      }
    }
    // A fresh address, the right password: the account-wide budget is spent.
    const res = await login(account.email, account.password, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    // Its window (an hour) is the one to wait for, longer than the pair's (15 minutes).
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(900);
  });
});
