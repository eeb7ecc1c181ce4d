import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { type AnswerSchema, checkAnswer } from './api-error';

/**
 * The ONE HTTP client of the app: an axios instance with baseURL '/api', JSON, and no timeout
 * (spec section 7), with the bearer token as a default header (`setAuthToken`).
 *
 * axios (about 21 KiB gzip) is loaded on the first call rather than in the entry chunk, to keep
 * the initial JavaScript of /login and /register within budget. Use `api.get/post/put/delete`
 * exactly like axios's methods; `getApi()` gives the instance itself when you need more.
 */
const API_BASE = '/api';

let token: string | null = null;
let instance: AxiosInstance | null = null;
let loading: Promise<AxiosInstance> | null = null;

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

function applyToken(target: AxiosInstance) {
  if (token) target.defaults.headers.common.Authorization = `Bearer ${token}`;
  else delete target.defaults.headers.common.Authorization;
}

export function getApi(): Promise<AxiosInstance> {
  loading ??= import('axios').then(({ default: axios }) => {
    const created = axios.create({
      baseURL: API_BASE,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      timeout: 0,
    });
    created.interceptors.response.use(undefined, (error: unknown) => {
      if (
        axios.isAxiosError(error) &&
        error.response?.status === 401 &&
        error.config?.headers?.Authorization &&
        !error.config.url?.startsWith('/auth/login')
      ) {
        unauthorizedHandler?.();
      }
      throw error;
    });
    applyToken(created);
    instance = created;
    return created;
  });
  return loading;
}

/** Starts loading the client ahead of the first call (e.g. once a page has painted). */
export function preloadApi(): void {
  void getApi().catch(() => {
    loading = null; // a failed chunk load (offline) is retried on the next call
  });
}

/** Sets (token given) or removes (null) the default `Authorization: Bearer` header. */
export function setAuthToken(next: string | null): void {
  token = next;
  if (instance) applyToken(instance);
}

/** The current bearer token set on the client (null when none). */
export function getAuthToken(): string | null {
  return token;
}

/**
 * Registers what happens when an authenticated call answers 401 (the token was revoked or
 * expired mid-session). The auth feature registers "clear the session".
 */
export function onUnauthorized(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export const api = {
  get: <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    getApi().then((a) => a.get<T>(url, config)),
  delete: <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    getApi().then((a) => a.delete<T>(url, config)),
  post: <T = unknown>(
    url: string,
    data?: unknown,
    config?: AxiosRequestConfig,
  ): Promise<AxiosResponse<T>> => getApi().then((a) => a.post<T>(url, data, config)),
  put: <T = unknown>(
    url: string,
    data?: unknown,
    config?: AxiosRequestConfig,
  ): Promise<AxiosResponse<T>> => getApi().then((a) => a.put<T>(url, data, config)),
  patch: <T = unknown>(
    url: string,
    data?: unknown,
    config?: AxiosRequestConfig,
  ): Promise<AxiosResponse<T>> => getApi().then((a) => a.patch<T>(url, data, config)),
};

/**
 * A call's success envelope with its `data` checked at run time against the contract schema.
 * `schema` is loaded by the caller with a dynamic `import('@dwitunggal/contracts/schemas/...')`
 * while the request is in flight, so that zod stays out of the pages that make no such call.
 * Throws the call's error, or InvalidResponseError when the answer does not match.
 */
export async function checkedEnvelope<T>(
  request: Promise<AxiosResponse<unknown>>,
  schema: Promise<AnswerSchema<T>>,
  what: string,
): Promise<{ message: string; data: T }> {
  const [res, checked] = await Promise.all([request, schema]);
  const body = (typeof res.data === 'object' && res.data !== null ? res.data : {}) as {
    message?: unknown;
    data?: unknown;
  };
  return {
    message: typeof body.message === 'string' ? body.message : '',
    data: checkAnswer(checked, body.data, what),
  };
}

/** The checked `data` of a call's success envelope (see `checkedEnvelope`). */
export const envelopeData = <T>(
  request: Promise<AxiosResponse<unknown>>,
  schema: Promise<AnswerSchema<T>>,
  what: string,
): Promise<T> => checkedEnvelope(request, schema, what).then((envelope) => envelope.data);
