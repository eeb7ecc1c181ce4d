import { describe, expect, it } from 'vitest';
import { profileCheck } from './auth';
import { publicUser } from './schemas/auth';

const profile = {
  id: '5f0c6a9e-1d2b-4c3d-9e8f-0a1b2c3d4e5f',
  name: 'Pelajar',
  email: 'pelajar@example.com',
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const samples: [string, unknown][] = [
  ['a profile', profile],
  ['an admin', { ...profile, role: 'admin' }],
  ['a profile with more keys', { ...profile, tokenVersion: 3, passwordHash: 'x' }],
  ['an unknown role', { ...profile, role: 'root' }],
  ['a missing key', { id: profile.id, name: profile.name, email: profile.email, role: 'user' }],
  ['a number for a string', { ...profile, id: 7 }],
  ['null name', { ...profile, name: null }],
  ['an array', [profile]],
  ['null', null],
  ['a string', 'user'],
  ['nothing', undefined],
];

describe('profileCheck (the zod-free check of GET /auth/me)', () => {
  it.each(samples)('answers as the zod schema does for %s', (_what, value) => {
    const light = profileCheck.safeParse(value);
    const zod = publicUser.safeParse(value);
    expect(light.success).toBe(zod.success);
    if (light.success && zod.success) expect(light.data).toEqual(zod.data);
    if (!light.success && !zod.success)
      expect(light.error.issues[0]?.path).toEqual(zod.error.issues[0]?.path.map(String));
  });
});
