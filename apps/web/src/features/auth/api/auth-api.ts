import {
  type ChangePasswordBody,
  type LoginBody,
  type PublicUser,
  type RegisterBody,
  profileCheck,
} from '@dwitunggal/contracts/auth';
import type { SuccessEnvelope } from '@dwitunggal/contracts/envelope';
import { api, envelopeData } from '@/lib/api-client';

/** POST /auth/register: a response with data counts as success (spec section 7). */
export async function registerAccount(body: RegisterBody): Promise<SuccessEnvelope<unknown>> {
  const res = await api.post<SuccessEnvelope<unknown>>('/auth/register', body);
  return res.data;
}

/** POST /auth/login: returns the token at data.data.token, or null when the answer has none. */
export async function requestLogin(body: LoginBody): Promise<string | null> {
  const res = await api.post<SuccessEnvelope<{ token?: unknown } | null>>('/auth/login', body);
  const token = res.data?.data?.token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/**
 * GET /auth/me with the default bearer header: the profile is the envelope's nested data. Every
 * signed-in page calls it while it loads, so it is checked without zod (profileCheck, decision 025).
 */
export function fetchProfile(): Promise<PublicUser> {
  return envelopeData(api.get('/auth/me'), Promise.resolve(profileCheck), 'profile');
}

/** POST /auth/logout: the token stops working on the server. */
export async function requestLogout(): Promise<void> {
  await api.post('/auth/logout');
}

/** DELETE /auth/me: deletes the account and everything it owns. */
export async function requestAccountDeletion(): Promise<void> {
  await api.delete('/auth/me');
}

/** POST /auth/password: returns the fresh token (every other session of the user ends). */
export async function requestPasswordChange(body: ChangePasswordBody): Promise<string | null> {
  const res = await api.post<SuccessEnvelope<{ token?: unknown } | null>>('/auth/password', body);
  const token = res.data?.data?.token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}
