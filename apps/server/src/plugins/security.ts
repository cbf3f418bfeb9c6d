/**
 * Security headers and the Content Security Policy. Scripts only from our own origin (the
 * organisation data is a non-executable JSON script element); inline styles are allowed because
 * Mantine writes its theme variables into a style element at run time.
 */
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: the preview of an image the borrower picked for upload (an object URL of their own file).
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityPlugin = fp(
  async (app: FastifyInstance, options: { https: boolean }) => {
    // Helmet's middleware is built once, with the policy's text. @fastify/helmet built it anew on
    // every request (parsing the CSP directives each time): ~6% of the server's time, and a share of
    // its garbage, when 10,000 borrowers poll their status (bench:polling, issue 17).
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        // Upgrading requests on a plain-http deployment (the embedded quick start) would break it.
        directives: options.https ? { ...CSP_DIRECTIVES, upgradeInsecureRequests: [] } : CSP_DIRECTIVES,
      },
      // Served over HTTPS only behind a TLS terminator; HSTS there, never on plain http.
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // Helmet calls back with an error only for a directive computed per request (we have none: the
    // policy is static text, set as is); passed on all the same.
    app.addHook('onRequest', (request, reply, done) => {
      setSecurityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      );
    });
  },
  { name: 'security' },
);

/**
 * Helmet's headers that only take effect on a document (or on a worker's script, which gets its own
 * CSP from its response): a script, a stylesheet or a font sent with them carries ~0.45 KB of headers
 * for nothing. A signed-in page loads some forty such files over HTTP/1.1 (issue 17). Kept on every
 * file: `X-Content-Type-Options: nosniff` and `Cross-Origin-Resource-Policy`, which do apply to them,
 * and `Referrer-Policy`, which a stylesheet's own requests follow.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Files a page only ever loads into itself; an HTML or SVG file (a document when opened) is not one. */
const SUBRESOURCE_FILE = /\.(js|css|woff2?|png|jpe?g|webp|avif|ico)$/i;

/** Drops the document-only headers from a built script, stylesheet, font or image (not a worker's). */
export function dropDocumentOnlyHeaders(reply: FastifyReply, fileName: string): void {
  if (!SUBRESOURCE_FILE.test(fileName) || /worker/i.test(fileName)) return;
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}
