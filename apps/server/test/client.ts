import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ErrorEnvelope, SuccessEnvelope } from '@dwitunggal/contracts/envelope';

/**
 * The one HTTP client of the server tests (and the type of a response body that the fault suite
 * and the benches read). Requests go through `app.inject`, so they run the whole app (hooks,
 * validation, error handler) without a socket. Free of vitest so that benches can import it.
 */

/**
 * A response body as a test reads it: the success or the error envelope of the contracts, with
 * every field readable without narrowing first (a test asserts which one it got).
 */
export type Envelope<T = unknown> = Omit<SuccessEnvelope<T>, 'status'> &
  Pick<ErrorEnvelope, 'errors'> & {
    status: SuccessEnvelope<T>['status'] | ErrorEnvelope['status'];
  };

/** The parsed body of a response, typed as the envelope of `T`. */
export const body = <T = unknown>(res: LightMyRequestResponse) => res.json<Envelope<T>>();

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Extra headers (they win over the client's authorization header). */
  headers?: Record<string, string>;
  /** The client address the app sees (rate limits key on it). */
  remoteAddress?: string;
}

/** The authorization header of `token`, for a request built by hand. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Requests as an anonymous visitor, or as the holder of `token` when one is given. */
export function client(app: FastifyInstance, token?: string) {
  const auth: Record<string, string> = token ? bearer(token) : {};
  const send = (
    method: Method,
    url: string,
    payload?: unknown,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...auth, ...options.headers },
      ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    send,
    get: (url: string, options?: RequestOptions) => send('GET', url, undefined, options),
    post: (url: string, payload?: unknown, options?: RequestOptions) =>
      send('POST', url, payload, options),
    put: (url: string, payload?: unknown, options?: RequestOptions) =>
      send('PUT', url, payload, options),
    del: (url: string, options?: RequestOptions) => send('DELETE', url, undefined, options),
    /** The same client acting as another user (or anonymous without a token). */
    as: (other?: string | { token: string }) =>
      client(app, typeof other === 'string' ? other : other?.token),
  };
}
export type Client = ReturnType<typeof client>;
