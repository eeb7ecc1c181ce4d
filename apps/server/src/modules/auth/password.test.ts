import { describe, expect, it } from 'vitest';
import { signUp, useTestContext } from '../../../test/helpers';
import { body, client } from '../../../test/client';

// The test configuration allows 5 failed password checks per (address, account) pair.
const ctx = useTestContext({ ADMIN_EMAIL: 'kepala@example.com' });

const NEW_PASSWORD = 'Pancasila1945';

const change = (token: string | null, payload: unknown, remoteAddress = '127.0.0.1') =>
  client(ctx.app, token ?? undefined).post('/api/auth/password', payload, { remoteAddress });
const me = (token: string) => client(ctx.app, token).get('/api/auth/me');
const login = (email: string, password: string) =>
  client(ctx.app).post('/api/auth/login', { email, password });

describe('POST /api/auth/password', () => {
  it('sets the new password, ends every other session and returns a fresh token', async () => {
    const { token, credentials } = await signUp(ctx.app);
    const other = body<{ token: string }>(await login(credentials.email, credentials.password)).data
      .token;
    expect((await me(other)).statusCode).toBe(200);

    const res = await change(token, {
      currentPassword: credentials.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const out = body<{ token: string; user: { email: string } }>(res);
    expect(out).toMatchObject({
      code: 200,
      status: 'success',
      data: { user: { email: credentials.email } },
    });
    expect(res.body).not.toMatch(/argon2|passwordHash/);

    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(out.data.token)).statusCode).toBe(200);
    expect((await login(credentials.email, credentials.password)).statusCode).toBe(401);
    expect((await login(credentials.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 on that field and changes nothing', async () => {
    const { token, credentials } = await signUp(ctx.app);
    const res = await change(token, { currentPassword: 'Salah12345', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({
      code: 400,
      status: 'error',
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect((await me(token)).statusCode).toBe(200);
    expect((await login(credentials.email, credentials.password)).statusCode).toBe(200);
  });

  it.each([
    [{ newPassword: 'Ab1' }, 'newPassword', 'Password must be at least 8 characters'],
    [
      { newPassword: 'pancasila1945' },
      'newPassword',
      'Password must contain at least one uppercase letter',
    ],
    [
      { newPassword: 'PancasilaPancasila' },
      'newPassword',
      'Password must contain at least one number',
    ],
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
    [{ currentPassword: undefined }, 'currentPassword', 'Current password is required'],
  ])(
    'validates %j with the registration rules for the new password',
    async (override, field, message) => {
      const { token, credentials } = await signUp(ctx.app);
      const res = await change(token, {
        currentPassword: credentials.password,
        newPassword: NEW_PASSWORD,
        ...override,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.[field]).toBe(message);
    },
  );

  it('refuses the current password as the new one', async () => {
    const { token, credentials } = await signUp(ctx.app);
    const res = await change(token, {
      currentPassword: credentials.password,
      newPassword: credentials.password,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.newPassword).toBe(
      'New password must be different from the current password',
    );
  });

  it('requires a signed-in user', async () => {
    const res = await change(null, { currentPassword: 'Merdeka1945', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ code: 401, status: 'error' });
  });

  it('counts wrong current passwords like failed logins: 429 after the limit, login included', async () => {
    const { token, credentials } = await signUp(ctx.app);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await change(
            token,
            { currentPassword: `Salah1234${i}`, newPassword: NEW_PASSWORD },
            '192.0.2.50',
          )
        ).statusCode,
      ).toBe(400);
    }
    const res = await change(
      token,
      { currentPassword: credentials.password, newPassword: NEW_PASSWORD },
      '192.0.2.50',
    );
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const loginThere = await client(ctx.app).post(
      '/api/auth/login',
      { email: credentials.email, password: credentials.password },
      { remoteAddress: '192.0.2.50' },
    );
    expect(loginThere.statusCode).toBe(429);
  });

  it("answers 409 for the env-configured admin, whose password is ADMIN_PASSWORD's", async () => {
    const { token, credentials } = await signUp(ctx.app, { email: 'Kepala@example.com' });
    const res = await change(token, {
      currentPassword: credentials.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toContain('ADMIN_PASSWORD');
    expect((await me(token)).statusCode).toBe(200);
  });
});
