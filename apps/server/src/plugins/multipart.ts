import multipart from '@fastify/multipart';
import { API_MESSAGES, ERROR_CODES, LIMITS } from '@dispatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.upload.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
}

const BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i;

export interface MultipartForm {
  fields: Record<string, string>;
  /** The bytes of the file field, when one was sent. */
  files: Record<string, Buffer>;
}

/** Reads a whole multipart form into memory: fine for our one small image per request. */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(ERROR_CODES.unsupportedMediaType, 415, 'Send the form as multipart/form-data.');
  }
  // busboy reads a form with an empty boundary as an empty form, which would answer "Image is required".
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) {
    throw new AppError(ERROR_CODES.validationFailed, 400, API_MESSAGES.formUnreadable);
  }
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0) form.files[part.fieldname] = bytes;
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(ERROR_CODES.payloadTooLarge, 413, API_MESSAGES.imageTooLarge);
    // Nothing but the client's bytes is read here: a missing boundary, a truncated body, a malformed part header
    // (busboy's plain errors) or a limit (the plugin's FST_ errors) all mean the form it sent is not one we read.
    throw new AppError(ERROR_CODES.validationFailed, 400, API_MESSAGES.formUnreadable);
  }
  return form;
}
