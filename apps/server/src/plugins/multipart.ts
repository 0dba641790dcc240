import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@carpool/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

const MAX_FILES_PER_FORM = 3;
const MAX_FIELDS_PER_FORM = 10;
const MAX_FIELD_BYTES = 1024;

/**
 * Accepts multipart/form-data next to JSON. The limits are enforced while the body streams in,
 * so an oversized file is cut off at 5 MB instead of being buffered whole.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: MAX_FILES_PER_FORM,
      fields: MAX_FIELDS_PER_FORM,
      parts: MAX_FILES_PER_FORM + MAX_FIELDS_PER_FORM,
      fieldSize: MAX_FIELD_BYTES,
    },
  });
  // A form refused before its end (bad field, file over the limit, no permission) leaves the
  // rest of the upload unread. Draining it would let a client stream without bound, and keeping
  // the connection would leave it stuck, so the connection is closed after the answer.
  app.addHook('onSend', async (request, reply) => {
    if (request.isMultipart() && !request.raw.complete) reply.header('connection', 'close');
  });
});

export interface MultipartForm {
  files: Map<string, Buffer>;
  fields: Record<string, string>;
}

/**
 * Reads a whole multipart form into memory (each file is at most UPLOAD_MAX_BYTES). Unknown or
 * repeated names are refused so that a form cannot smuggle extra files in.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  expected: { files: readonly string[]; fields?: readonly string[] },
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send this form as multipart/form-data');
  }
  const files = new Map<string, Buffer>();
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!expected.files.includes(part.fieldname) || files.has(part.fieldname)) {
        throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname}"`);
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('FILE_TOO_LARGE', `The file "${part.fieldname}" is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
        }
        throw error;
      }
      if (bytes.length > 0) files.set(part.fieldname, bytes);
    } else {
      if (!(expected.fields ?? []).includes(part.fieldname) || part.fieldname in fields) {
        throw new AppError('BAD_REQUEST', `Unexpected form field "${part.fieldname}"`);
      }
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return { files, fields };
}
