/**
 * The headers of a built app's static files (the borrower app and the operations app alike): hashed
 * assets are cached for a year (a new build has new names), the rest for five minutes; neither
 * carries the headers only a document uses.
 */
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { dropDocumentOnlyHeaders } from '../../plugins/security';

export function setBuiltFileHeaders(reply: FastifyReply, filePath: string): void {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
  dropDocumentOnlyHeaders(reply, path.basename(filePath));
}
