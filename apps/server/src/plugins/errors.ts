import { API_MESSAGES, ERROR_CODES, type ErrorCode, type ErrorResponse } from '@dispatch/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  isDatabaseUnavailable,
  isRefusedWhileDown,
  isUnstorableText,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from './database-errors.js';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError(ERROR_CODES.notFound, 404, message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(ERROR_CODES.forbidden, 403, message);
export const unauthorized = (message = 'Please log in.') => new AppError(ERROR_CODES.unauthorized, 401, message);
export const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);
export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(ERROR_CODES.validationFailed, 400, message, fieldErrors);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` could name a row at all: ids are UUIDs. */
export const isUuid = (id: string) => UUID.test(id);

/** Ids are UUIDs; anything else names nothing, so it is a 404, not a 400. */
export function requireUuid(id: string, what = 'That item'): string {
  if (!isUuid(id)) throw notFound(`${what} was not found.`);
  return id.toLowerCase();
}

const STATUS_CODES: Record<number, string> = {
  400: ERROR_CODES.validationFailed,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.tooManyRequests,
};

function send(reply: FastifyReply, request: FastifyRequest, status: number, body: Omit<ErrorResponse, 'requestId'>) {
  return reply.status(status).send({ ...body, requestId: String(request.id) } satisfies ErrorResponse);
}

function fieldErrorsOf(error: FastifyError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fieldErrors;
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
    (fieldErrors[field] ??= []).push(issue.message ?? 'is invalid');
  }
  return fieldErrors;
}

/** The 400 of a request its schema refuses: named by its first field's first message, with every field's. */
function invalidRequest(context: string | undefined, fieldErrors: Record<string, string[]>): AppError {
  const [field, messages] = Object.entries(fieldErrors)[0] ?? ['request', ['is invalid']];
  return badRequest(`Invalid ${context ?? 'request'}: ${field} ${messages[0]}`.trim(), fieldErrors);
}

/**
 * A request's part read with its route's schema outside a route (a page's own reads): the same 400 as the
 * route's validation gives.
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, context: 'querystring' | 'params'): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fieldErrors[issue.path.join('.') || 'request'] ??= []).push(issue.message);
  throw invalidRequest(context, fieldErrors);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, request, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.fieldErrors && { fieldErrors: error.fieldErrors }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const invalid = invalidRequest(error.validationContext, fieldErrorsOf(error));
      return send(reply, request, 400, {
        code: invalid.code,
        message: invalid.message,
        fieldErrors: invalid.fieldErrors,
      });
    }
    if (isUnstorableText(error)) {
      // The second line behind the shared text rule: worth a warning, since a schema let the text through.
      request.log.warn({ err: error }, 'the database refused a text of the request');
      return send(reply, request, 400, { code: ERROR_CODES.validationFailed, message: API_MESSAGES.unstorableText });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, request, status, {
        code: STATUS_CODES[status] ?? error.code ?? ERROR_CODES.validationFailed,
        message: error.message,
      });
    }
    if (isDatabaseUnavailable(error)) {
      // A call refused at once while the database is known down is not logged: the pool said so once.
      if (!isRefusedWhileDown(error)) {
        request.log.warn({ err: error }, 'request failed: the database did not answer in time');
      }
      // Never kept by a cache: the next request may well be answered.
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      return send(reply, request, 503, {
        code: ERROR_CODES.unavailable,
        message: 'The site is busy right now. Please try again in a moment.',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, request, 500, {
      code: ERROR_CODES.internal,
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}

/** The JSON 404 of the API. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, 404, {
    code: ERROR_CODES.notFound,
    message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
  });
}
