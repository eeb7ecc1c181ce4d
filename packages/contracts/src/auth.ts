/** Account limits and types (zod-free); the schemas are in `./schemas/auth`. */
import type { PublicUser } from './schemas/auth';

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

/**
 * GET /auth/me's profile, checked without zod: every signed-in page checks it while it loads,
 * and evaluating zod there costs about 200 ms of blocking time on a Lighthouse mobile run of
 * /home (decision 025). It accepts exactly what `schemas/auth`'s `publicUser` accepts and, like
 * it, keeps only the profile's keys (auth.test.ts holds the two to the same answers). It has
 * zod's `safeParse` shape, so the web checks it like any contract schema.
 */
type ProfileCheckResult =
  | { success: true; data: PublicUser }
  | { success: false; error: { issues: { path: string[]; message: string }[] } };

export const profileCheck = {
  safeParse(value: unknown): ProfileCheckResult {
    const fail = (path: string, message: string): ProfileCheckResult => ({
      success: false,
      error: { issues: [{ path: path ? [path] : [], message }] },
    });
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return fail('', 'expected object');
    const v = value as Record<string, unknown>;
    for (const key of ['id', 'name', 'email', 'role', 'createdAt'] as const)
      if (typeof v[key] !== 'string') return fail(key, 'expected string');
    if (!(ROLES as readonly unknown[]).includes(v.role)) return fail('role', 'invalid role');
    const { id, name, email, role, createdAt } = v as PublicUser;
    return { success: true, data: { id, name, email, role, createdAt } };
  },
};
