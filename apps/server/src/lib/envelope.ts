import type { z } from 'zod';
import { errorEnvelope, successEnvelope } from '@dwitunggal/contracts/schemas/envelope';

/** Builds the success envelope; `code` always equals the HTTP status. */
export function ok<T>(data: T, message = 'OK', code = 200) {
  return { code, status: 'success' as const, message, data };
}

/** Route response schemas: the success body and the error envelope for the listed codes. */
export function responses<T extends z.ZodType>(
  data: T,
  successCode = 200,
  errorCodes: number[] = [400, 401, 429, 500, 503],
) {
  const out: Record<number, z.ZodType> = { [successCode]: successEnvelope(data) };
  for (const code of errorCodes) out[code] = errorEnvelope;
  return out;
}
