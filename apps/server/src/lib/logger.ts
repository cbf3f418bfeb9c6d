/**
 * Logger options: pino with redaction, so passwords, SSNs, account numbers, tokens and cookies
 * never reach a log line, whether they sit in headers, a logged object or a query string.
 */
import type { FastifyServerOptions } from 'fastify';

/** Field names whose values are secrets or PII wherever they appear (up to three levels deep). */
export const SENSITIVE_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'ssn',
  'socialSecurityNumber',
  'accountNumber',
  'routingNumber',
  'token',
  'jwt',
  'accessToken',
  'refreshToken',
  'nonce',
  'totpCode',
  'totpSecret',
  'secret',
  'authorization',
  'cookie',
  'dob',
] as const;

/** Query parameters that carry credentials (chat nonce, talk user token, …). */
const SENSITIVE_QUERY = /([?&](?:token|nonce|userToken|jwt|principal|code)=)[^&#]*/gi;

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-session-replay-url"]',
  'res.headers["set-cookie"]',
  'res.headers.authorization',
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export function redactUrl(url: string): string {
  return url.replace(SENSITIVE_QUERY, '$1[REDACTED]');
}

type RequestLike = { method?: string; url?: string; hostname?: string; ip?: string };

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request: RequestLike) {
        // Headers are left out on purpose: they carry the token and the fingerprint cookie.
        return {
          method: request.method,
          url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
          host: request.hostname,
          ip: request.ip,
        };
      },
    },
  };
}
