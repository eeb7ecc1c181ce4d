import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { api, onUnauthorized, setAuthToken } from './api-client';

describe('api client', () => {
  afterEach(() => {
    setAuthToken(null);
    onUnauthorized(null);
  });

  it('targets /api with JSON, and sets or removes the bearer header', async () => {
    const seen: Array<{ auth: string | null; type: string | null }> = [];
    server.use(
      http.post('*/api/echo', ({ request }) => {
        seen.push({
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
        });
        return HttpResponse.json({ ok: true });
      }),
    );
    setAuthToken('abc');
    await api.post('/echo', { a: 1 });
    setAuthToken(null);
    await api.post('/echo', { a: 1 });
    expect(seen[0]).toEqual({
      auth: 'Bearer abc',
      type: expect.stringContaining('application/json'),
    });
    expect(seen[1]?.auth).toBeNull();
  });

  it('reports a 401 on an authenticated call, not on an anonymous one', async () => {
    server.use(http.get('*/api/private', () => HttpResponse.json({}, { status: 401 })));
    const handler = vi.fn();
    onUnauthorized(handler);

    await expect(api.get('/private')).rejects.toThrow();
    expect(handler).not.toHaveBeenCalled();

    setAuthToken('expired');
    await expect(api.get('/private')).rejects.toThrow();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
