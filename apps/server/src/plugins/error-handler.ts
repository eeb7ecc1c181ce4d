import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

type Envelope = { code: number; status: 'error'; message: string; errors?: Record<string, string> };

const envelope = (code: number, message: string, errors?: Record<string, string>): Envelope => ({
  code,
  status: 'error',
  message,
  ...(errors ? { errors } : {}),
});

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);

/** A database that is down or unreachable is a 503 (retry later), not a 500 (a bug). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08')))
      return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection is closed|is not queryable|PGlite is closed/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
};

/** The one error handler: typed errors and validation failures become the error envelope. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.statusCode).send(envelope(err.statusCode, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field: string =
          issue.instancePath.split('/').filter(Boolean)[0] ?? err.validationContext ?? 'body';
        if (!(field in errors)) errors[field] = issue.message ?? 'Invalid value';
      }
      const first = err.validation[0];
      const isShapeError = first && first.instancePath === '/' && err.validation.length === 1;
      const message = isShapeError
        ? `Invalid request ${err.validationContext ?? 'body'}: expected a JSON object`
        : (Object.values(errors)[0] ?? 'Invalid request');
      return reply.code(400).send(envelope(400, message, errors));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRIENDLY[err.code] ??
        (err instanceof SyntaxError ? 'Request body is not valid JSON' : err.message);
      return reply.code(status).send(envelope(status, message));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .code(503)
        .send(envelope(503, 'Service temporarily unavailable. Please try again shortly.'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(envelope(500, 'Internal server error'));
  });
});
