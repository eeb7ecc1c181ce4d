import {
  EMAIL_MAX,
  LOGIN_PASSWORD_MIN,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  REGISTER_PASSWORD_MIN,
  ROLES,
} from '../auth';
import { z } from './zod';

/** Spec section 5 and 9: registration rules and their messages (verbatim). */

/** The rules every new password follows (registration, password change, operator reset). */
export const newPassword = z
  .string({ error: 'Password is required' })
  .min(REGISTER_PASSWORD_MIN, { error: 'Password must be at least 8 characters' })
  .max(PASSWORD_MAX, { error: 'Password cannot exceed 128 characters' })
  .regex(/[A-Z]/, { error: 'Password must contain at least one uppercase letter' })
  .regex(/[a-z]/, { error: 'Password must contain at least one lowercase letter' })
  .regex(/[0-9]/, { error: 'Password must contain at least one number' });

export const registerBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(NAME_MIN, { error: 'Name must be at least 3 characters' })
    .max(NAME_MAX, { error: 'Name cannot exceed 50 characters' }),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(EMAIL_MAX, { error: 'Please enter a valid email address' })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  password: newPassword,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(EMAIL_MAX, { error: 'Invalid email address' })
    .pipe(z.email({ error: 'Invalid email address' })),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .min(LOGIN_PASSWORD_MIN, { error: 'Password must be at least 6 characters' })
    .max(PASSWORD_MAX, { error: 'Password cannot exceed 128 characters' }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const registerData = z.object({ user: publicUser });
export const loginData = z.object({ token: z.string(), user: publicUser });
export type LoginData = z.infer<typeof loginData>;

/** POST /auth/password: the signed-in user changes their password. */
export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(PASSWORD_MAX, { error: 'Password cannot exceed 128 characters' }),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
/** The fresh token of the session that changed the password (every other one is revoked). */
export const changePasswordData = z.object({ token: z.string(), user: publicUser });
export type ChangePasswordData = z.infer<typeof changePasswordData>;
