import type { AxiosError } from 'axios';

/** What the UI needs to know about a failed call, read from the API's error envelope. */
export type ApiFailure = {
  /** HTTP status, or null when no answer arrived (offline, DNS, connection refused). */
  status: number | null;
  /** The envelope's `message`, when the server sent one. */
  message: string | null;
  /** Field name -> message, for validation failures. */
  errors: Record<string, string>;
  /** Seconds from a Retry-After header (429), when present. */
  retryAfter: number | null;
};

// Duck-typed (axios sets `isAxiosError`) so that this module does not pull axios in.
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as AxiosError).isAxiosError === true;
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date); null when absent. */
export function readRetryAfter(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(String(value));
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export function toApiFailure(error: unknown): ApiFailure {
  if (!isAxiosError(error) || !error.response) {
    return { status: null, message: null, errors: {}, retryAfter: null };
  }
  const body: unknown = error.response.data;
  let message: string | null = null;
  let errors: Record<string, string> = {};
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown };
    if (typeof b.message === 'string' && b.message.trim()) message = b.message;
    if (b.errors && typeof b.errors === 'object') {
      errors = Object.fromEntries(
        Object.entries(b.errors as Record<string, unknown>).filter(
          (e): e is [string, string] => typeof e[1] === 'string',
        ),
      );
    }
  }
  const headers = error.response.headers as Record<string, unknown> | undefined;
  return {
    status: error.response.status,
    message,
    errors,
    retryAfter: readRetryAfter(headers?.['retry-after']),
  };
}

/**
 * A successful answer whose body does not follow the contract (checked with the schemas of
 * `@dwitunggal/contracts/schemas/*`): an older or broken server, or something in between.
 */
export class InvalidResponseError extends Error {
  override name = 'InvalidResponseError';
}

/** What checking an answer needs of a contract schema: zod schemas and `profileCheck` both have it. */
export interface AnswerSchema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
}

/**
 * `value` checked against a contract schema: the parsed value, or InvalidResponseError naming
 * `what` (and the first problem) when it does not match.
 */
export function checkAnswer<T>(schema: AnswerSchema<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new InvalidResponseError(`Malformed ${what}${where}: ${issue?.message ?? 'invalid'}`);
}
