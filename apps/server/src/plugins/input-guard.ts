/**
 * The edge rule for input (issue 20): before any route validates or reads a request, every text in
 * its body, query string and path (values and field names) must be free of NUL characters and
 * unpaired surrogates (`findUnsafeText` in the domain). One hook for every route, so no handler, no
 * schema and no database column has to remember it. Multipart fields are streamed inside the
 * handlers and checked by the same rule in uploads/multipart.ts; JSON nesting depth is checked by
 * the JSON parser in app.ts before parsing.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { findUnsafeText } from '@heloc/domain';
import { AppError } from '../lib/errors';

export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const problem =
        findUnsafeText(request.params, 'params') ??
        findUnsafeText(request.query, 'query') ??
        findUnsafeText(request.body, 'body');
      if (problem) {
        throw new AppError('BAD_REQUEST', `Invalid request: ${problem.path}: ${problem.message}`, [
          { path: problem.path, message: problem.message },
        ]);
      }
    });
  },
  { name: 'input-guard' },
);
