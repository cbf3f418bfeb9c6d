/**
 * Central error and not-found handling: every failure leaves as `{ status, message, details? }`.
 * 5xx messages are replaced by a generic text so internals never reach the client.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { TApiErrorBody } from '@heloc/domain';
import { AppError } from '../lib/errors';

/** Clear messages for the framework's own client errors (body parsing, media type, size). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: "Body cannot be empty when content-type is set to 'application/json'",
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
};

function body(status: number, message: string, details?: unknown): TApiErrorBody {
  return details === undefined ? { status, message } : { status, message, details };
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: `${error.validationContext ?? 'request'}${issue.instancePath.replaceAll('/', '.')}`.replace(
            /\.$/,
            '',
          ),
          message: issue.message ?? 'Invalid value',
        }));
        const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
        return reply.status(400).send(body(400, `Invalid request: ${summary}`, details));
      }
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, 'application error');
        return reply.status(error.status).send(body(error.status, error.message, error.details));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.status(500).send(body(500, 'Internal server error'));
      }
      if (error instanceof SyntaxError && error.statusCode === 400) {
        return reply.status(400).send(body(400, FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? error.message;
        return reply.status(status).send(body(status, message));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(body(500, 'Internal server error'));
    });

    app.setNotFoundHandler((request, reply) => {
      const status = 404;
      return reply
        .status(status)
        .send(body(status, `Route ${request.method} ${request.url.split('?')[0]} not found`));
    });
  },
  { name: 'error-handler' },
);
