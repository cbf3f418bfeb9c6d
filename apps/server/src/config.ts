/**
 * Runtime configuration, read once from the environment and checked with zod so a typo fails
 * at start with a clear message instead of at the first request.
 */
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './lib/paths';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Loopback by default; set 0.0.0.0 in a container behind a load balancer. */
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Embedded PGlite data directory, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** postgres://… switches from the embedded database to a real PostgreSQL server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** The built operations app (agent desk), served under /ops/. */
  OPS_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/ops/dist')),
  /** Organisation served when the request host matches none (development default: the main lender). */
  DEFAULT_ORG_CODE: z.string().optional(),
  /** `?org=CODE` picks the organisation (remembered in a session cookie); development and tests only. */
  ORG_QUERY_PARAM: booleanFromEnv.optional(),
  /** Seeds the demo accounts of the README; organisations are always synchronised. */
  SEED_DEMO_DATA: booleanFromEnv.optional(),
  /** Largest accepted JSON body in bytes. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  /** Trust X-Forwarded-* from a load balancer in front of the server. */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** HMAC key for JWTs (≥ 32 characters). Unset: generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * Key material for fields sealed at rest (SSNs, PINs, account numbers; AES-256-GCM, keys derived with HKDF per key version,
   * ≥ 32 characters). Unset: generated once and kept in DATA_DIR/data-key. Shared by every instance.
   */
  DATA_ENCRYPTION_KEY: z.string().min(32, 'DATA_ENCRYPTION_KEY must be at least 32 characters').optional(),
  /** The secret DATA_ENCRYPTION_KEY replaced, while `npm run keys:rotate` re-seals under the new one. */
  DATA_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .min(32, 'DATA_ENCRYPTION_KEY_PREVIOUS must be at least 32 characters')
    .optional(),
  /** Uploaded and generated files (local file storage). Default: DATA_DIR/files. */
  FILES_DIR: z.string().optional(),
  /** Lifetime of one token; every authenticated answer after a minute carries a fresh one. */
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(15 * 60),
  /** Absolute lifetime of a sign-in, however often its token is refreshed. */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(12),
  /** Login and registration attempts per minute from one address. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Partner domains whose links are clickable in chat, comma-separated (organisation hosts always are). */
  CHAT_LINK_HOSTS: z.string().default(''),
  /** The survey offered after a live-agent chat; `contactId` is appended as a query parameter. */
  CHAT_SURVEY_URL: z.url().default('https://survey.heloc.example/chat'),
  /** Chat calls per minute from one address (messages, starts, chatbot questions). */
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Largest chat attachment, bytes. */
  CHAT_ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Most attachments on one chat message. */
  CHAT_ATTACHMENT_MAX_FILES: z.coerce.number().int().min(1).max(20).default(5),
  /** How long SIGTERM waits for in-flight requests before forcing the exit. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** `outbox` keeps e-mail in the database (`npm run mail:outbox`); `smtp` delivers via SMTP_URL. */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).optional(),
  /** smtp://user:pass@host:587 or smtps://…; required when MAIL_TRANSPORT is smtp. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('HELOC <no-reply@heloc.test>'),
  /** Telemetry events wait in memory at most this long before one bulk insert writes them. */
  TELEMETRY_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  /** Rows per bulk insert; a full batch is written at once. */
  TELEMETRY_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  /** Events held in memory at most; beyond it new events are dropped (and counted), never blocking. */
  TELEMETRY_QUEUE_LIMIT: z.coerce.number().int().min(1).default(10_000),
  /** Telemetry calls (session, event, error report) per minute from one address. */
  TELEMETRY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Share of client error reports kept, in percent (spec 2 §9: 100). */
  ERROR_REPORT_SAMPLE_RATE: z.coerce.number().min(0).max(100).default(100),
  /**
   * Development and browser tests: the server's clock may be moved forward by lender staff
   * (POST /ops/api/v1/dev/clock) to pass waiting periods. Refused in production.
   */
  DEV_CLOCK_CONTROL: booleanFromEnv.default(false),
  /** The API reference (/docs, /docs/json): on outside production; in production only when true. */
  DOCS_ENABLED: booleanFromEnv.optional(),
  /** Jobs one instance runs at once (provider calls overlap; database writes stay serialised by locks). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How long a claimed job is held; after it another instance takes the job over (its worker died). */
  JOB_LEASE_MS: z.coerce.number().int().min(100).default(60_000),
  /** Rest between polls when no job is due. */
  JOB_POLL_MS: z.coerce.number().int().min(5).default(500),
  /** Succeeded jobs are deleted this many days after they finished. */
  JOB_RETENTION_DAYS: z.coerce.number().min(0).default(7),
  /** Dead jobs are kept this many days for staff (GET /service-ops/api/v1/jobs/dead). */
  JOB_DEAD_RETENTION_DAYS: z.coerce.number().min(0).default(30),
  /** Where documents live: `local` (FILES_DIR), `postgres` (the database) or `s3` (S3_BUCKET). */
  FILE_STORAGE: z.enum(['local', 'postgres', 's3']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** An S3-compatible endpoint (MinIO, R2, …); unset: AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_PREFIX: z.string().default(''),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Rate-limit counters: `database` (default with DATABASE_URL: shared by every instance) or `memory`. */
  RATE_LIMIT_STORE: z.enum(['memory', 'database']).optional(),
  /** Every sandbox provider call takes this long (a real provider's round trip; the kill -9 test). */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Bearer token for GET /metrics; required in production (unset elsewhere: open on loopback only). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * Host names or addresses webhooks may reach although they are private or loopback, comma-separated.
   * Default outside production: the loopback names; in production: none.
   */
  WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
  /** One delivery attempt's time limit (connect, send, answer). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  /** Attempts per delivery before it is FAILED (retries back off exponentially). */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  /** Failed attempts in a row after which a subscription is paused (and reported). */
  WEBHOOK_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(20),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  webDistDir: string;
  opsDistDir: string;
  defaultOrgCode: string | null;
  orgQueryParam: boolean;
  seedDemoData: boolean;
  bodyLimitBytes: number;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  /** Resolved at start (main.ts) when not configured; see resolveJwtSecret. */
  jwtSecret: string | null;
  /** Resolved at start (main.ts) when not configured; see resolveDataEncryptionKey. */
  dataEncryptionKey: string | null;
  /** Earlier secrets still accepted for opening sealed values (DATA_ENCRYPTION_KEY_PREVIOUS). */
  previousDataEncryptionKeys: string[];
  filesDir: string;
  tokenTtlSeconds: number;
  sessionTtlHours: number;
  authRateLimitPerMinute: number;
  mail: { transport: 'outbox' | 'smtp'; smtpUrl: string | null; from: string };
  chat: {
    linkHosts: string[];
    surveyUrl: string;
    rateLimitPerMinute: number;
    attachmentMaxBytes: number;
    attachmentMaxFiles: number;
    /** Dev-only chat features (agent picker, mode label, shortcuts): never in production. */
    devFeatures: boolean;
  };
  telemetry: {
    flushIntervalMs: number;
    batchSize: number;
    queueLimit: number;
    rateLimitPerMinute: number;
    errorReportSampleRate: number;
  };
  /** The clock can be moved forward through the operations endpoint (never in production). */
  devClockControl: boolean;
  /**
   * Staff must have two-factor authentication on before any staff call answers (everywhere but
   * NODE_ENV development and test, where the demo staff sign in with a password alone).
   */
  staffTwoFactorRequired: boolean;
  /** Serve the OpenAPI document and its reference at /docs (off in production unless DOCS_ENABLED=true). */
  docsEnabled: boolean;
  jobs: {
    concurrency: number;
    leaseMs: number;
    pollMs: number;
    retentionMs: number;
    deadRetentionMs: number;
  };
  /** Document storage; with DATABASE_URL (several instances) `local` is refused by /readyz. */
  fileStorage:
    | { kind: 'local' }
    | { kind: 'postgres' }
    | {
        kind: 's3';
        bucket: string;
        region: string | null;
        endpoint: string | null;
        prefix: string;
        forcePathStyle: boolean;
      };
  /**
   * The database is shared (several instances may run) but documents would go to this instance's
   * own directory, with no storage chosen: /readyz answers 503 until S3_BUCKET or FILE_STORAGE is set.
   */
  filesSplitAcrossInstances: boolean;
  /** Rate-limit counters: in this process, or in the database (shared by every instance). */
  rateLimitStore: 'memory' | 'database';
  /** Bearer token for /metrics; null: open outside production, off in production. */
  metricsToken: string | null;
  sandboxLatencyMs: number;
  webhooks: WebhookConfig;
};

export type WebhookConfig = {
  allowedHosts: string[];
  timeoutMs: number;
  maxAttempts: number;
  pauseAfterFailures: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const mailTransport = e.MAIL_TRANSPORT ?? (production ? 'smtp' : 'outbox');
  if (mailTransport === 'smtp' && !e.SMTP_URL) {
    throw new Error('Invalid configuration: SMTP_URL is required when e-mail is sent by SMTP');
  }
  if (production && e.DEV_CLOCK_CONTROL) {
    throw new Error('Invalid configuration: DEV_CLOCK_CONTROL is not allowed in production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    opsDistDir: path.resolve(e.OPS_DIST_DIR),
    defaultOrgCode: e.DEFAULT_ORG_CODE ?? (production ? null : 'MAIN'),
    orgQueryParam: e.ORG_QUERY_PARAM ?? !production,
    seedDemoData: e.SEED_DEMO_DATA ?? !production,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jwtSecret: e.JWT_SECRET ?? null,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ?? null,
    previousDataEncryptionKeys: e.DATA_ENCRYPTION_KEY_PREVIOUS ? [e.DATA_ENCRYPTION_KEY_PREVIOUS] : [],
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE ?? (production ? 10 : 100),
    mail: { transport: mailTransport, smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    chat: {
      linkHosts: e.CHAT_LINK_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      surveyUrl: e.CHAT_SURVEY_URL,
      rateLimitPerMinute: e.CHAT_RATE_LIMIT_PER_MINUTE ?? (production ? 60 : 600),
      attachmentMaxBytes: e.CHAT_ATTACHMENT_MAX_BYTES,
      attachmentMaxFiles: e.CHAT_ATTACHMENT_MAX_FILES,
      devFeatures: !production,
    },
    telemetry: {
      flushIntervalMs: e.TELEMETRY_FLUSH_INTERVAL_MS,
      batchSize: e.TELEMETRY_BATCH_SIZE,
      queueLimit: e.TELEMETRY_QUEUE_LIMIT,
      rateLimitPerMinute: e.TELEMETRY_RATE_LIMIT_PER_MINUTE,
      errorReportSampleRate: e.ERROR_REPORT_SAMPLE_RATE,
    },
    devClockControl: e.DEV_CLOCK_CONTROL,
    staffTwoFactorRequired: production,
    docsEnabled: e.DOCS_ENABLED ?? !production,
    jobs: {
      concurrency: e.JOB_CONCURRENCY,
      leaseMs: e.JOB_LEASE_MS,
      pollMs: e.JOB_POLL_MS,
      retentionMs: e.JOB_RETENTION_DAYS * 86_400_000,
      deadRetentionMs: e.JOB_DEAD_RETENTION_DAYS * 86_400_000,
    },
    fileStorage: fileStorageOf(e),
    filesSplitAcrossInstances:
      Boolean(e.DATABASE_URL) && !e.FILE_STORAGE && fileStorageOf(e).kind === 'local',
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'database' : 'memory'),
    metricsToken: e.METRICS_TOKEN ?? null,
    sandboxLatencyMs: e.SANDBOX_LATENCY_MS,
    webhooks: {
      allowedHosts: (e.WEBHOOK_ALLOWED_HOSTS ?? (production ? '' : 'localhost,127.0.0.1,::1'))
        .split(',')
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      pauseAfterFailures: e.WEBHOOK_PAUSE_AFTER_FAILURES,
    },
  };
}

/**
 * S3 when S3_BUCKET is set (or FILE_STORAGE=s3, which then needs it); else PostgreSQL when the
 * database is shared (DATABASE_URL); else the local directory. FILE_STORAGE=local with DATABASE_URL
 * is allowed (one instance) but /readyz reports it, since a second instance would split the files.
 */
function fileStorageOf(e: z.infer<typeof ZEnv>): Config['fileStorage'] {
  // An explicit FILES_DIR with a shared database and no FILE_STORAGE keeps the operator's local
  // directory, and /readyz reports the split (config.filesSplitAcrossInstances).
  const kind = e.FILE_STORAGE ?? (e.S3_BUCKET ? 's3' : e.DATABASE_URL && !e.FILES_DIR ? 'postgres' : 'local');
  if (kind === 's3') {
    if (!e.S3_BUCKET) throw new Error('Invalid configuration: S3_BUCKET is required when FILE_STORAGE is s3');
    return {
      kind,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION ?? null,
      endpoint: e.S3_ENDPOINT ?? null,
      prefix: e.S3_PREFIX,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }
  return { kind };
}

/**
 * The JWT key: configured, or generated on first run and kept beside the embedded database so
 * sign-ins survive restarts. Several instances on one PostgreSQL must share JWT_SECRET.
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.env === 'production') {
    throw new Error('Invalid configuration: JWT_SECRET is required in production');
  }
  return generatedSecret(config, 'jwt-secret');
}

/** The key for sealed fields: configured, or (outside production) generated beside the data like the JWT key. */
export async function resolveDataEncryptionKey(config: Config): Promise<string> {
  if (config.dataEncryptionKey) return config.dataEncryptionKey;
  if (config.env === 'production') {
    throw new Error('Invalid configuration: DATA_ENCRYPTION_KEY is required in production');
  }
  return generatedSecret(config, 'data-key');
}

async function generatedSecret(config: Config, fileName: string): Promise<string> {
  const { mkdir, readFile, writeFile } = await import('node:fs/promises');
  const { randomBytes } = await import('node:crypto');
  const dir = config.database.kind === 'pglite' ? config.database.dataDir : path.resolve('data');
  const file = path.join(dir, fileName);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}
