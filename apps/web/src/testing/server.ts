import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { CHARACTER_NAMES, type CharacterKey } from '@dwitunggal/contracts/characters';
import { MODEL_MESSAGES } from '@dwitunggal/contracts/models';

/** Users the default handlers know, by token. */
export const learner = {
  id: 'u-learner',
  name: 'Sari Wulandari',
  email: 'sari@contoh.id',
  role: 'user' as const,
  createdAt: '2025-08-17T09:00:00.000Z',
};
export const admin = {
  id: 'u-admin',
  name: 'Budi Santoso',
  email: 'budi@contoh.id',
  role: 'admin' as const,
  createdAt: '2025-08-17T09:00:00.000Z',
};

export const tokens = { learner: 'token-learner', admin: 'token-admin' } as const;

export const success = <T>(data: T, code = 200, message = 'OK') =>
  HttpResponse.json({ code, status: 'success', message, data }, { status: code });
export const failure = (code: number, message: string, errors?: Record<string, string>) =>
  HttpResponse.json(
    { code, status: 'error', message, ...(errors ? { errors } : {}) },
    { status: code },
  );

/** The API as the server implements it, for the happy paths; tests override per case. */
export const handlers = [
  http.get('*/api/auth/me', ({ request }) => {
    const auth = request.headers.get('authorization');
    if (auth === `Bearer ${tokens.learner}`) return success(learner);
    if (auth === `Bearer ${tokens.admin}`) return success(admin);
    return failure(401, 'Unauthorized');
  }),
  http.post('*/api/auth/logout', () => success(null)),
  http.delete('*/api/auth/me', () => success(null)),
  // The archive header's "Kotak Masuk" count.
  http.get('*/api/inbox/:figure/summary', () => success({ open: 0 })),
  // A chat screen asks for the figure's active model when it warms the classifier up, which may
  // fall inside a test or after it depending on the machine's load: by default, none is trained
  // yet (the server's 404). Tests of the tfjs chat give one.
  http.get('*/api/models/:figure/active', ({ params }) =>
    failure(404, MODEL_MESSAGES.noActive(CHARACTER_NAMES[params.figure as CharacterKey])),
  ),
];

export const server = setupServer(...handlers);
