import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUp, useTestContext } from '../../../test/helpers';
import { AdminBootstrapError, DEMO_ADMIN_EMAIL, ensureAdmin } from './bootstrap';
import { createUserRepository } from './repository';
import { body, client } from '../../../test/client';

const ctx = useTestContext();

const login = (email: string, password: string) =>
  client(ctx.app).post('/api/auth/login', { email, password });
// Tokens are checked through the app's user cache, which these tests never prime before a change:
// what is asserted is the database state (running processes are told by server.ts).
const me = (token: string) => client(ctx.app, token).get('/api/auth/me');

describe('admin account at first start', () => {
  it('creates a demo admin with a generated password kept in DATA_DIR, once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dw-admin-'));
    const users = createUserRepository(ctx.database.db);
    const first = await ensureAdmin(users, { name: 'Admin Dwitunggal', dataDir });
    expect(first).toMatchObject({ kind: 'demo', email: DEMO_ADMIN_EMAIL, created: true });
    if (first.kind !== 'demo' || !first.password) throw new Error('expected a demo password');
    expect(first.password).toMatch(/[A-Z]/);
    expect(first.password).toMatch(/[a-z]/);
    expect(first.password).toMatch(/[0-9]/);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);

    const second = await ensureAdmin(users, { name: 'Admin Dwitunggal', dataDir });
    expect(second).toMatchObject({ kind: 'demo', created: false, password: first.password });

    const res = await login(DEMO_ADMIN_EMAIL, first.password);
    expect(res.statusCode).toBe(200);
    expect(body<{ user: { role: string } }>(res).data.user.role).toBe('admin');
  });

  it('creates the configured admin, and keeps it (and its sessions) while ADMIN_PASSWORD is unchanged', async () => {
    const users = createUserRepository(ctx.database.db);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dw-admin-'));
    const opts = {
      email: 'kepala@example.com',
      password: 'Proklamasi45',
      name: 'Kepala Arsip',
      dataDir,
    };
    expect(await ensureAdmin(users, opts)).toMatchObject({
      kind: 'configured',
      action: 'created',
      created: true,
    });
    const res = await login('kepala@example.com', 'Proklamasi45');
    expect(body<{ user: { role: string } }>(res).data.user.role).toBe('admin');
    const token = body<{ token: string }>(res).data.token;
    expect(await ensureAdmin(users, { ...opts, email: 'KEPALA@example.com' })).toMatchObject({
      action: 'kept',
      created: false,
    });
    expect((await me(token)).statusCode).toBe(200);
  });

  it('refuses to start when ADMIN_EMAIL belongs to an account that is not an admin', async () => {
    const users = createUserRepository(ctx.database.db);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dw-admin-'));
    const squatter = await signUp(ctx.app, { email: 'calon@example.com' });
    await expect(
      ensureAdmin(users, {
        email: 'CALON@example.com',
        password: 'Lain12345',
        name: 'X Y Z',
        dataDir,
      }),
    ).rejects.toThrow(AdminBootstrapError);
    await expect(
      ensureAdmin(users, {
        email: 'calon@example.com',
        password: 'Lain12345',
        name: 'X Y Z',
        dataDir,
        promoteExisting: false,
      }),
    ).rejects.toThrow(/ADMIN_PROMOTE_EXISTING=true/);
    // Nothing changed: still a learner, same password, same session.
    const res = await login('calon@example.com', squatter.credentials.password);
    expect(body<{ user: { role: string } }>(res).data.user.role).toBe('user');
    expect((await me(squatter.token)).statusCode).toBe(200);
  });

  it('with ADMIN_PROMOTE_EXISTING promotes the account with ADMIN_PASSWORD and revokes its tokens', async () => {
    const users = createUserRepository(ctx.database.db);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dw-admin-'));
    const earlier = await signUp(ctx.app, { email: 'guru@example.com' });
    const result = await ensureAdmin(users, {
      email: 'guru@example.com',
      password: 'Lain12345',
      name: 'X Y Z',
      dataDir,
      promoteExisting: true,
    });
    expect(result).toMatchObject({
      kind: 'configured',
      action: 'promoted',
      revokedUserId: earlier.user.id,
    });
    expect((await me(earlier.token)).statusCode).toBe(401);
    expect((await login('guru@example.com', earlier.credentials.password)).statusCode).toBe(401);
    const res = await login('guru@example.com', 'Lain12345');
    expect(body<{ user: { role: string } }>(res).data.user.role).toBe('admin');
  });

  it('rotates an existing admin to a changed ADMIN_PASSWORD and revokes its earlier tokens', async () => {
    const users = createUserRepository(ctx.database.db);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dw-admin-'));
    const opts = { email: 'rektor@example.com', name: 'Rektor Kampus', dataDir };
    await ensureAdmin(users, { ...opts, password: 'Pertama123' });
    const old = body<{ token: string }>(await login('rektor@example.com', 'Pertama123')).data.token;
    const rotated = await ensureAdmin(users, { ...opts, password: 'Kedua12345' });
    expect(rotated).toMatchObject({ kind: 'configured', action: 'rotated', created: false });
    expect((await me(old)).statusCode).toBe(401);
    expect((await login('rektor@example.com', 'Pertama123')).statusCode).toBe(401);
    const res = await login('rektor@example.com', 'Kedua12345');
    expect(res.statusCode).toBe(200);
    expect(body<{ user: { role: string } }>(res).data.user.role).toBe('admin');
  });
});
