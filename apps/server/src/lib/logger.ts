/**
 * Logger options: pino with redaction, so passwords, SSNs, account numbers, tokens and cookies
 * never reach a log line, whether they sit in headers, a logged object or a query string.
 * Errors are logged without the values they carry: a failed query logs its SQL but never its
 * parameters (a failing insert used to print the date of birth, names and address), and database
 * errors lose their `detail` ("Failing row contains …") and the quoted values of their message.
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
  'dateOfBirth',
  'pin',
  'freezePin',
  'creditFreezePin',
] as const;

/** Query parameters that carry credentials (chat nonce, talk user token, …). */
const SENSITIVE_QUERY =
  /([?&](?:token|nonce|userToken|jwt|principal|code|email|to|dob|ssn|pin|phone|phoneNumber)=)[^&#]*/gi;

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

/** Database error fields that name things (never values): kept. `detail`, `where` and the like are not. */
const SAFE_ERROR_FIELDS = [
  'code',
  'severity',
  'table',
  'column',
  'constraint',
  'routine',
  'statusCode',
] as const;

function isDatabaseError(error: Error): boolean {
  return (
    typeof (error as { severity?: unknown }).severity === 'string' || /^Failed query:/.test(error.message)
  );
}

/** The message without values: a failed query's SQL only; a database message with its quoted values hidden. */
function safeMessage(error: Error): string {
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string' && error.message.startsWith('Failed query:')) return `Failed query: ${query}`;
  if (isDatabaseError(error)) return error.message.replace(/"[^"]*"|\([^)]*\)=\([^)]*\)/g, '"…"');
  return error.message;
}

/**
 * pino's `err` serializer, value-free for database errors: type, message, stack (its first line
 * rewritten like the message), code and naming fields, the cause chain (Drizzle wraps the driver's
 * error); never the query parameters or the failing row.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const message = safeMessage(error);
  const out: Record<string, unknown> = { type: error.name, message };
  if (error.stack) out.stack = error.stack.replace(error.message, message);
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (!isDatabaseError(error)) {
    // Our own errors keep their (value-free) extra fields: validation details, reasons.
    const details = (error as { details?: unknown }).details;
    if (details !== undefined) out.details = details;
  }
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

type RequestLike = { method?: string; url?: string; hostname?: string; ip?: string };

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      // Fastify types `err` as returning pino's error shape; ours returns that shape for errors.
      err: serializeError as (error: unknown) => { type: string; message: string; stack: string },
      error: serializeError,
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
