/** Account limits and types (zod-free); the schemas are in `./schemas/auth`. */

/** Spec section 5 and 9: registration rules. */
export const NAME_MIN = 3;
export const NAME_MAX = 50;
export const REGISTER_PASSWORD_MIN = 8;
export const LOGIN_PASSWORD_MIN = 6;
/** Upper bound so that hashing cost stays bounded (argon2 hashes any length). */
export const PASSWORD_MAX = 128;
/** The longest email address (RFC 5321). */
export const EMAIL_MAX = 254;

export const ROLES = ['user', 'admin'] as const;

// Type-only, so erased at run time: no module of this cycle runs half-initialised (no-cycle skips
// `import type` but not `export type ... from`).
// eslint-disable-next-line import-x/no-cycle
export type {
  ChangePasswordBody,
  ChangePasswordData,
  LoginBody,
  LoginData,
  PublicUser,
  RegisterBody,
  Role,
} from './schemas/auth';
