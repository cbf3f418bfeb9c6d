/**
 * The operations app (apps/ops: the agent desk) under /ops/: its built assets, and index.html for
 * every other path below it (the app is a single page). Not built: 503 with a hint.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors';
import { setBuiltFileHeaders } from './asset-headers';

export const OPS_BASE = '/ops';

export async function opsRoutes(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const indexPath = path.join(options.distDir, 'index.html');
  const index = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (index) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: `${OPS_BASE}/`,
      wildcard: false,
      index: false,
      // The web app's registration decorated the reply already.
      decorateReply: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: setBuiltFileHeaders,
    });
  }
  const page = async (_request: unknown, reply: FastifyReply) => {
    if (!index) throw new AppError('UNAVAILABLE', 'The operations app is not built (npm run build)');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(index);
  };
  app.get(OPS_BASE, { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${OPS_BASE}/`));
  app.get(`${OPS_BASE}/`, { schema: { hide: true } }, page);
  app.get(`${OPS_BASE}/*`, { schema: { hide: true } }, async (request, reply) => {
    // Missing assets are a JSON 404, never the page.
    if ((request.params as { '*': string })['*'].startsWith('assets/')) {
      throw new AppError('NOT_FOUND', 'Not found');
    }
    return page(request, reply);
  });
}
