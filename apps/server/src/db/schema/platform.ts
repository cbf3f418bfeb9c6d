/** Platform tables: operating hours, feature flags, jobs, the mail outbox, key versions, stored files, rate-limit counters. (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/** Weekly hours per department; org_code '*' is the default every organisation inherits. */
export const operatingHours = pgTable(
  'operating_hours',
  {
    id: serial('id').primaryKey(),
    department: text('department').notNull(),
    orgCode: text('org_code').notNull().default('*'),
    /** 1 = Monday … 7 = Sunday (6 and 7 are the weekend). */
    weekdayValue: integer('weekday_value').notNull(),
    isOpen: boolean('is_open').notNull(),
    /** Wall-clock times in America/Los_Angeles, HH:mm. */
    startTime: text('start_time'),
    endTime: text('end_time'),
  },
  (table) => [unique('operating_hours_unique').on(table.department, table.orgCode, table.weekdayValue)],
);

/** Feature flags; org_code '*' is the default, an organisation's own row overrides it. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    key: text('key').notNull(),
    orgCode: text('org_code').notNull().default('*'),
    enabled: boolean('enabled').notNull(),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    description: text('description'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.orgCode] })],
);

/**
 * Durable background jobs (provider calls, document generation, waiting periods). A job is
 * claimed with FOR UPDATE SKIP LOCKED under a lease: a worker that dies mid-job loses the lease
 * and another instance picks the job up again. Finished jobs stay as a record.
 */
export const jobs = pgTable(
  'jobs',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued → running → succeeded | queued (retry) | dead (attempts exhausted). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Enqueueing the same key twice is a no-op: repeated writes stay idempotent. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('jobs_claim_idx').on(table.status, table.runAfter)],
);

/**
 * E-mail kept instead of delivered (MAIL_TRANSPORT=outbox, the embedded default): read it with
 * `npm run mail:outbox`. Never used when mail goes through SMTP.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    sender: text('sender').notNull(),
    /** Lower-cased, so the listing can filter by address. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    orgCode: text('org_code'),
    /** What was attached (name, type, size; the bytes stay in file storage): the decline's notice. */
    attachments: jsonb('attachments').$type<{ fileName: string; contentType: string; sizeBytes: number }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_recipient_idx').on(table.recipient, table.createdAt)],
);

/**
 * Key versions of the sealed fields (lib/sealed.ts): the highest is the one new values are sealed
 * under; `npm run keys:rotate` adds one and re-seals every sealed field. Empty: version 2.
 */
export const dataKeyVersions = pgTable('data_key_versions', {
  version: integer('version').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Values re-sealed by the rotation that created this version (filled when it finishes). */
  resealed: integer('resealed'),
});
/** bytea as a Uint8Array (node-postgres answers a Buffer, PGlite a Uint8Array: both are one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Documents kept in the database (storage/postgres.ts): the storage every instance reads when
 * several share one PostgreSQL and no S3 bucket is configured (DESIGN.md §10).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every instance (lib/rate-limit-store.ts): one row per limited key
 * and route, counting requests until `expires_at`, so N instances do not multiply a limit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_idx').on(table.expiresAt)],
);
