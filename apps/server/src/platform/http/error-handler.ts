import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, type MessageKey } from '@xueba/contract';
import { AppError } from '../errors.js';
import { sendFailure } from './envelope.js';

interface Mapped {
  status: number;
  key: MessageKey;
  params?: Record<string, string | number>;
  /** The body or query field a validation failure is about (dotted path), sent as `data.field` so forms can mark it. */
  field?: string;
}

/** Maps a schema validation failure to the first issue's message key (our schemas use keys as messages). */
function mapValidation(entries: { instancePath: string; message?: string }[]): Mapped {
  const first = entries[0];
  const field = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
  const message = first?.message ?? '';
  if (isMessageKey(message) && message !== 'validation_failed') return { status: 400, key: message, field };
  return { status: 400, key: 'validation_failed', params: { field }, field };
}

function mapFastifyError(error: FastifyError): Mapped | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, key: 'malformed_json' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, key: 'payload_too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, key: 'validation_failed', params: { field: 'content-type' } };
    case 'FST_ERR_VALIDATION':
      return null;
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return { status: 400, key: 'malformed_json' };
  if (error.statusCode === 429) return { status: 429, key: 'rate_limited' };
  if (error.statusCode === 413) return { status: 413, key: 'payload_too_large' };
  return null;
}

/**
 * One error handler for the whole API: known errors become the envelope with a
 * translated message and an honest status; anything unknown is logged with the
 * request context and answered with a generic 500 - no stack ever leaves.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    if (caught instanceof AppError) {
      const error = caught;
      if (error.status >= 500) request.log.error({ err: error }, 'app error');
      return sendFailure(request, reply, error.status, error.key, error.params, error.envelopeCode, error.data);
    }
    const error = caught;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const mapped = mapValidation(error.validation);
      return sendFailure(request, reply, mapped.status, mapped.key, mapped.params, undefined, { field: mapped.field });
    }
    const mapped = mapFastifyError(error);
    if (mapped) return sendFailure(request, reply, mapped.status, mapped.key, mapped.params);
    if (error.validation) {
      const mappedValidation = mapValidation(error.validation);
      return sendFailure(request, reply, 400, mappedValidation.key, mappedValidation.params, undefined, { field: mappedValidation.field });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendFailure(request, reply, error.statusCode, 'data_exception');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(request, reply, 500, 'server_exception');
  });
}
