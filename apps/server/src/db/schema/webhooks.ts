/** Webhooks: subscriptions, deliveries and every attempt. (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { identities, organisations } from './identity';

/**
 * An organisation's subscription: a URL, the event types it wants and the filter conditions
 * (packages/domain/src/webhooks.ts). The signing secret is sealed at rest (app.sealer). A
 * subscription is never deleted by the platform: too many failed attempts pause it.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orgCode: text('org_code')
      .notNull()
      .references(() => organisations.orgCode),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    filters: jsonb('filters').$type<unknown[]>().notNull().default([]),
    secretSealed: text('secret_sealed').notNull(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull(),
    /** ACTIVE | PAUSED */
    status: text('status').notNull().default('ACTIVE'),
    /** FAILURES | STAFF */
    pausedReason: text('paused_reason'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Failed attempts in a row (any delivery); a success resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: uuid('created_by').references(() => identities.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webhook_subscriptions_org_code_idx').on(table.orgCode)],
);

/**
 * One event for one subscription. `payload` is the JSON body sent (the same on every attempt and
 * replay; only the signature's timestamp changes). PENDING: queued; DELIVERED; FAILED: attempts used
 * up or stopped by a pause; HELD: the event happened while the subscription was paused (replay sends it).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    subscriptionUuid: uuid('subscription_uuid')
      .notNull()
      .references(() => webhookSubscriptions.uuid, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    applicationUuid: uuid('application_uuid'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_subscription_created_idx').on(table.subscriptionUuid, table.createdAt),
  ],
);

/** Every attempt: when, the answer's status code (null: no answer), how long it took, the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryUuid: uuid('delivery_uuid')
      .notNull()
      .references(() => webhookDeliveries.uuid, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    replay: boolean('replay').notNull().default(false),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryUuid)],
);
