/**
 * Compressed answers (issue 17): HTML pages and JSON answers of at least COMPRESS_THRESHOLD_BYTES are
 * sent with brotli (quality 4: a fraction of quality 11's CPU for most of its gain) or gzip, whichever
 * the browser prefers; smaller ones go as they are (headers and framing would outweigh the saving).
 * The web app's files are compressed once at build time and served as such (modules/web/routes.ts);
 * a reply that already has a Content-Encoding is left alone. Requests are never decompressed, so
 * uploads stream through exactly as sent. Routes that must stay cheapest (the polled status) opt out
 * with `compress: false`.
 */
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
    });
  },
  { name: 'compression' },
);
