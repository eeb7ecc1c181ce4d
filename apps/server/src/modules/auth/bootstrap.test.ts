import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { DEMO_ADMIN_EMAIL, ensureAdmin } from './bootstrap';
import { createUserRepository } from './repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

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
    expect(json<{ data: { user: { role: string } } }>(res).data.user.role).toBe('admin');
  });

  it('creates the configured admin, and promotes an existing account with that email', async () => {
    const users = createUserRepository(ctx.database.db);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dw-admin-'));
    const made = await ensureAdmin(users, { email: 'kepala@example.com', password: 'Proklamasi45', name: 'Kepala Arsip', dataDir });
    expect(made).toMatchObject({ kind: 'configured', created: true });
    expect(json<{ data: { user: { role: string } } }>(await login('kepala@example.com', 'Proklamasi45')).data.user.role).toBe('admin');

    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Calon Admin', email: 'calon@example.com', password: 'Merdeka1945' } });
    const promoted = await ensureAdmin(users, { email: 'CALON@example.com', password: 'Lain12345', name: 'X Y Z', dataDir });
    expect(promoted).toMatchObject({ kind: 'configured', created: false });
    const res = await login('calon@example.com', 'Merdeka1945');
    expect(json<{ data: { user: { role: string } } }>(res).data.user.role).toBe('admin');
  });
});
