/** Appends to an application's audit trail (never updates it: the table refuses). */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { schema } from '../db';
import type { Clock } from '../lib/clock';
import { queueWebhookEvents } from '../modules/webhooks/emit';
import { queueBorrowerMails } from '../modules/borrower-mail/queue';

export type Actor =
  | { type: 'BORROWER' | 'CO_DEEDER' | 'STAFF'; uuid: string }
  | { type: 'SYSTEM' | 'PROVIDER'; uuid?: undefined };

export type AuditEntry = {
  applicationUuid: string;
  actor: Actor;
  kind: 'STEP_CHANGE' | 'ACTION';
  action: string;
  fromStep?: string | null;
  toStep?: string | null;
  reason?: string | null;
  /** Facts worth keeping with the entry — never PII (no SSN, account numbers, documents). */
  data?: Record<string, unknown>;
};

export async function recordEvent(db: Executor, clock: Clock, entry: AuditEntry): Promise<void> {
  const [inserted] = await db
    .insert(schema.applicationEvents)
    .values({
      applicationUuid: entry.applicationUuid,
      at: clock.now(),
      actorType: entry.actor.type,
      actorUuid: entry.actor.uuid ?? null,
      kind: entry.kind,
      action: entry.action,
      fromStep: entry.fromStep ?? null,
      toStep: entry.toStep ?? null,
      reason: entry.reason ?? null,
      data: entry.data ?? {},
    })
    .returning({ id: schema.applicationEvents.id });
  // The one place webhook events come from: every audited movement, in the same transaction.
  await queueWebhookEvents(db, clock, {
    applicationUuid: entry.applicationUuid,
    actorType: entry.actor.type,
    kind: entry.kind,
    action: entry.action,
    fromStep: entry.fromStep ?? null,
    toStep: entry.toStep ?? null,
    data: entry.data ?? {},
  });
  // And of the borrower's e-mails and reminders (modules/borrower-mail), in the same transaction.
  await queueBorrowerMails(db, clock, {
    applicationUuid: entry.applicationUuid,
    eventId: inserted!.id,
    kind: entry.kind,
    action: entry.action,
    fromStep: entry.fromStep ?? null,
    toStep: entry.toStep ?? null,
    data: entry.data ?? {},
  });
}

export async function listEvents(db: Executor, applicationUuid: string) {
  return db
    .select()
    .from(schema.applicationEvents)
    .where(eq(schema.applicationEvents.applicationUuid, applicationUuid))
    .orderBy(asc(schema.applicationEvents.id));
}

/**
 * The latest audit entry of an application that matches: made by `action`, moving into `toStep`, and
 * with `stepChangesOnly` only step changes. The one query behind the engine's "was this done already /
 * when / with what" reads (latestEvent, latestTransitionData, latestEntryInto).
 */
export async function latestMatchingEvent(
  db: Executor,
  applicationUuid: string,
  match: { action?: string; toStep?: string; stepChangesOnly?: boolean },
): Promise<{ data: Record<string, unknown>; at: Date; id: number } | null> {
  const events = schema.applicationEvents;
  const [row] = await db
    .select({ data: events.data, at: events.at, id: events.id })
    .from(events)
    .where(
      and(
        eq(events.applicationUuid, applicationUuid),
        match.action === undefined ? undefined : eq(events.action, match.action),
        match.toStep === undefined ? undefined : eq(events.toStep, match.toStep),
        match.stepChangesOnly ? eq(events.kind, 'STEP_CHANGE') : undefined,
      ),
    )
    .orderBy(desc(events.id))
    .limit(1);
  return row ?? null;
}
