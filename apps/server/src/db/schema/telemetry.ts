/** Telemetry, experiments, client error reports and optimisation profiles. (Part of the schema: ./index.ts re-exports every file.) */
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { identities } from './identity';

/** Telemetry sessions (spec 2 §4): one per browser tab visit; the tracker outlives it (local storage). */
export const telemetrySessions = pgTable(
  'telemetry_sessions',
  {
    uuid: uuid('uuid').primaryKey(),
    trackerUuid: uuid('tracker_uuid').notNull(),
    /** Session start; the session key's epoch. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    orgCode: text('org_code'),
    context: text('context').notNull(),
    platform: text('platform').notNull(),
    libVersion: text('lib_version').notNull(),
    appVersion: text('app_version'),
    referrer: text('referrer'),
    queryParams: jsonb('query_params').$type<Record<string, unknown>>().notNull().default({}),
    screenWidth: integer('screen_width'),
    screenHeight: integer('screen_height'),
    windowWidth: integer('window_width'),
    windowHeight: integer('window_height'),
  },
  (table) => [index('telemetry_sessions_tracker_idx').on(table.trackerUuid)],
);

/**
 * Telemetry events, written in bulk by the in-memory batch writer. No foreign key to the session: a
 * batch never fails on one bad row, and the report joins what it needs. `dedupe_key` is null for
 * events that are never deduplicated; otherwise one row per session and key.
 */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionUuid: uuid('session_uuid').notNull(),
    trackerUuid: uuid('tracker_uuid').notNull(),
    orgCode: text('org_code'),
    context: text('context').notNull(),
    event: text('event').notNull(),
    eventType: text('event_type').notNull(),
    domain: text('domain').notNull(),
    pagePath: text('page_path').notNull(),
    queryParams: jsonb('query_params').$type<Record<string, unknown>>().notNull().default({}),
    identityUuid: uuid('identity_uuid'),
    applicationUuid: uuid('application_uuid'),
    productType: text('product_type'),
    eventProperties: jsonb('event_properties').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('telemetry_events_dedupe_unique').on(table.sessionUuid, table.dedupeKey),
    index('telemetry_events_org_event_idx').on(table.orgCode, table.event),
  ],
);

/**
 * Experiments on top of the feature flags (service-optimize v2 decision). Rows follow ZExperiment of
 * the domain package; bucketing is there too.
 */
export const experiments = pgTable('experiments', {
  key: text('key').primaryKey(),
  description: text('description'),
  /** RUNNING or PAUSED. */
  status: text('status').notNull(),
  featureKey: text('feature_key'),
  rolloutPercent: doublePrecision('rollout_percent').notNull(),
  /** Targeted organisations; null targets all. */
  orgCodes: jsonb('org_codes').$type<string[] | null>(),
  variations: jsonb('variations')
    .$type<{ key: string; weight: number; variables: Record<string, unknown> }[]>()
    .notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Errors the browser caught (network-type errors excluded at the source), for the team to read. */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    route: text('route').notNull(),
    release: text('release').notNull(),
    source: text('source').notNull(),
    orgCode: text('org_code'),
    sessionUuid: uuid('session_uuid'),
    applicationUuid: uuid('application_uuid'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_error_reports_created_idx').on(table.createdAt)],
);

/** The borrower's optimisation profile (spec 2 §7 optermizerly-profile): one per identity. */
export const optimizelyProfiles = pgTable('optimizely_profiles', {
  identityUuid: uuid('identity_uuid')
    .primaryKey()
    .references(() => identities.uuid, { onDelete: 'cascade' }),
  optimizelyProfileUuid: uuid('optimizely_profile_uuid').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
