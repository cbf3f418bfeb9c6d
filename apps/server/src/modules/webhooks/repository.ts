/** The webhooks' SQL: subscriptions, deliveries, attempts (routes and jobs hold none). */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { rowsOf, schema, type Executor } from '../../db';

export type SubscriptionRow = typeof schema.webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;
export type AttemptRow = typeof schema.webhookAttempts.$inferSelect;

/** Deliveries not delivered yet and not on their way: what replay may send again. */
export const UNDELIVERED = ['FAILED', 'HELD'] as const;

export async function insertSubscription(
  db: Executor,
  values: typeof schema.webhookSubscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(schema.webhookSubscriptions).values(values).returning();
  return row!;
}

export async function findSubscription(db: Executor, uuid: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(schema.webhookSubscriptions)
    .where(eq(schema.webhookSubscriptions.uuid, uuid));
  return row ?? null;
}

/** Subscriptions of one organisation (or all: null), newest first, each with its undelivered count. */
export async function listSubscriptions(
  db: Executor,
  orgCode: string | null,
): Promise<(SubscriptionRow & { undelivered: number })[]> {
  const undelivered = sql<number>`(select count(*)::int from webhook_deliveries d
    where d.subscription_uuid = ${schema.webhookSubscriptions.uuid}
      and d.status in ('FAILED', 'HELD'))`;
  const query = db
    .select({ row: schema.webhookSubscriptions, undelivered })
    .from(schema.webhookSubscriptions);
  const rows = await (
    orgCode ? query.where(eq(schema.webhookSubscriptions.orgCode, orgCode)) : query
  ).orderBy(desc(schema.webhookSubscriptions.createdAt));
  return rows.map(({ row, undelivered: count }) => ({ ...row, undelivered: Number(count) }));
}

export async function countUndelivered(db: Executor, subscriptionUuid: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.webhookDeliveries)
    .where(
      and(
        eq(schema.webhookDeliveries.subscriptionUuid, subscriptionUuid),
        inArray(schema.webhookDeliveries.status, [...UNDELIVERED]),
      ),
    );
  return Number(row?.count ?? 0);
}

export async function updateSubscription(
  db: Executor,
  uuid: string,
  values: Partial<typeof schema.webhookSubscriptions.$inferInsert>,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .update(schema.webhookSubscriptions)
    .set(values)
    .where(eq(schema.webhookSubscriptions.uuid, uuid))
    .returning();
  return row ?? null;
}

/**
 * The subscriptions of an application's organisation, with the facts filters read about the
 * application (its property's state). One statement per audit write.
 */
export async function subscriptionsForApplication(
  db: Executor,
  applicationUuid: string,
): Promise<
  {
    uuid: string;
    orgCode: string;
    status: string;
    eventTypes: string[];
    filters: unknown[];
    propertyState: string | null;
  }[]
> {
  const result = await db.execute(sql`
    select s.uuid, s.org_code as "orgCode", s.status, s.event_types as "eventTypes", s.filters,
           p.state as "propertyState"
    from heloc_applications a
    join webhook_subscriptions s on s.org_code = a.org_code
    left join profile_addresses p on p.uuid = a.selected_property_uuid
    where a.uuid = ${applicationUuid}`);
  return rowsOf<{
    uuid: string;
    orgCode: string;
    status: string;
    eventTypes: string[] | string;
    filters: unknown[] | string;
    propertyState: string | null;
  }>(result).map((row) => ({
    ...row,
    // PGlite and node-postgres both parse jsonb; a driver answering text is parsed here.
    eventTypes:
      typeof row.eventTypes === 'string' ? (JSON.parse(row.eventTypes) as string[]) : row.eventTypes,
    filters: typeof row.filters === 'string' ? (JSON.parse(row.filters) as unknown[]) : row.filters,
  }));
}

export async function insertDelivery(
  db: Executor,
  values: typeof schema.webhookDeliveries.$inferInsert,
): Promise<DeliveryRow> {
  const [row] = await db.insert(schema.webhookDeliveries).values(values).returning();
  return row!;
}

export async function findDelivery(db: Executor, uuid: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.uuid, uuid));
  return row ?? null;
}

/** Locks the delivery (one attempt's outcome at a time) and its subscription. */
export async function lockDelivery(
  db: Executor,
  uuid: string,
): Promise<{ delivery: DeliveryRow; subscription: SubscriptionRow } | null> {
  const [delivery] = await db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.uuid, uuid))
    .for('update');
  if (!delivery) return null;
  const [subscription] = await db
    .select()
    .from(schema.webhookSubscriptions)
    .where(eq(schema.webhookSubscriptions.uuid, delivery.subscriptionUuid))
    .for('update');
  return subscription ? { delivery, subscription } : null;
}

export async function updateDelivery(
  db: Executor,
  uuid: string,
  values: Partial<typeof schema.webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db.update(schema.webhookDeliveries).set(values).where(eq(schema.webhookDeliveries.uuid, uuid));
}

export async function insertAttempt(
  db: Executor,
  values: typeof schema.webhookAttempts.$inferInsert,
): Promise<void> {
  await db.insert(schema.webhookAttempts).values(values);
}

/** Adds one failed attempt to the subscription's run of failures; answers the new count. */
export async function countFailure(db: Executor, subscriptionUuid: string): Promise<number> {
  const [row] = await db
    .update(schema.webhookSubscriptions)
    .set({ consecutiveFailures: sql`${schema.webhookSubscriptions.consecutiveFailures} + 1` })
    .where(eq(schema.webhookSubscriptions.uuid, subscriptionUuid))
    .returning({ count: schema.webhookSubscriptions.consecutiveFailures });
  return row?.count ?? 0;
}

/** A subscription's deliveries newest first, each with its attempts (oldest first). */
export async function listDeliveries(
  db: Executor,
  subscriptionUuid: string,
  options: { status?: string; limit: number },
): Promise<(DeliveryRow & { attemptLog: AttemptRow[] })[]> {
  const conditions = [eq(schema.webhookDeliveries.subscriptionUuid, subscriptionUuid)];
  if (options.status) conditions.push(eq(schema.webhookDeliveries.status, options.status));
  const deliveries = await db
    .select()
    .from(schema.webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(schema.webhookDeliveries.createdAt), desc(schema.webhookDeliveries.uuid))
    .limit(options.limit);
  return withAttempts(db, deliveries);
}

export async function withAttempts(
  db: Executor,
  deliveries: DeliveryRow[],
): Promise<(DeliveryRow & { attemptLog: AttemptRow[] })[]> {
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(schema.webhookAttempts)
    .where(
      inArray(
        schema.webhookAttempts.deliveryUuid,
        deliveries.map((delivery) => delivery.uuid),
      ),
    )
    .orderBy(schema.webhookAttempts.id);
  return deliveries.map((delivery) => ({
    ...delivery,
    attemptLog: attempts.filter((attempt) => attempt.deliveryUuid === delivery.uuid),
  }));
}

/** Undelivered deliveries (failed or held) of a subscription created at or after `since`, oldest first. */
export async function undeliveredSince(
  db: Executor,
  subscriptionUuid: string,
  since: Date,
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(schema.webhookDeliveries)
    .where(
      and(
        eq(schema.webhookDeliveries.subscriptionUuid, subscriptionUuid),
        inArray(schema.webhookDeliveries.status, [...UNDELIVERED]),
        gte(schema.webhookDeliveries.createdAt, since),
      ),
    )
    .orderBy(schema.webhookDeliveries.createdAt);
}

/** A paused subscription's queued deliveries wait for a replay instead (their jobs find them HELD). */
export async function holdPending(db: Executor, subscriptionUuid: string): Promise<void> {
  await db
    .update(schema.webhookDeliveries)
    .set({ status: 'HELD' })
    .where(
      and(
        eq(schema.webhookDeliveries.subscriptionUuid, subscriptionUuid),
        eq(schema.webhookDeliveries.status, 'PENDING'),
      ),
    );
}

/** Attempts made so far for a delivery, every round (a replay's round number is one more). */
export async function countAttempts(db: Executor, deliveryUuid: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.webhookAttempts)
    .where(eq(schema.webhookAttempts.deliveryUuid, deliveryUuid));
  return Number(row?.count ?? 0);
}
