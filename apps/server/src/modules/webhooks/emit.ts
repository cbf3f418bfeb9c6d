/**
 * Where webhook events come from: the audit write (workflow/audit.ts recordEvent calls this in the
 * same transaction). Every application movement — step changes through the step machine, the
 * actions the engine and staff record — is audited there, so events are never emitted anywhere else.
 * For each subscription of the application's organisation whose event types and filters match, a
 * delivery row is written and its first attempt queued on the durable job queue: both commit or roll
 * back with the movement itself (an outbox), so a rolled-back step change is never announced.
 */
import { randomUUID } from 'node:crypto';
import {
  ZWebhookFilters,
  webhookEventsForAudit,
  webhookFiltersMatch,
  type TAuditFacts,
  type TWebhookEventData,
} from '@heloc/domain';
import type { Executor } from '../../db';
import type { Clock } from '../../lib/clock';
import { enqueueJob } from '../../jobs/queue';
import { insertDelivery, subscriptionsForApplication } from './repository';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/** The job queue's own retries cover a crashed worker only; the handler schedules the backoff itself. */
export const WEBHOOK_JOB_MAX_ATTEMPTS = 3;

export type AuditedMovement = TAuditFacts & {
  applicationUuid: string;
  actorType: string;
};

export async function queueWebhookEvents(db: Executor, clock: Clock, entry: AuditedMovement): Promise<void> {
  const events = webhookEventsForAudit(entry);
  if (events.length === 0) return;
  const subscriptions = await subscriptionsForApplication(db, entry.applicationUuid);
  if (subscriptions.length === 0) return;
  const now = clock.now();
  for (const event of events) {
    const data: TWebhookEventData = {
      applicationUuid: entry.applicationUuid,
      action: entry.action,
      actorType: entry.actorType,
      fromStep: entry.fromStep ?? null,
      toStep: entry.toStep ?? null,
      propertyState: subscriptions[0]!.propertyState,
      ...event.extra,
    };
    const eventId = randomUUID();
    for (const subscription of subscriptions) {
      if (!subscription.eventTypes.includes(event.type)) continue;
      // Stored filters were validated when saved; a row that no longer parses matches nothing.
      const filters = ZWebhookFilters.safeParse(subscription.filters);
      if (!filters.success || !webhookFiltersMatch(filters.data, data)) continue;
      const active = subscription.status === 'ACTIVE';
      const delivery = await insertDelivery(db, {
        subscriptionUuid: subscription.uuid,
        eventType: event.type,
        applicationUuid: entry.applicationUuid,
        payload: {
          id: eventId,
          type: event.type,
          createdAt: now.toISOString(),
          orgCode: subscription.orgCode,
          data,
        },
        // A paused subscription keeps its events (HELD): replay sends them once it is resumed.
        status: active ? 'PENDING' : 'HELD',
        createdAt: now,
      });
      if (active) await queueAttempt(db, clock, delivery.uuid, 1, now);
    }
  }
}

/** Queues attempt `attempt` of a delivery (`round` tells a replay's attempts from the first run's). */
export async function queueAttempt(
  db: Executor,
  clock: Clock,
  deliveryUuid: string,
  attempt: number,
  runAfter: Date,
  round = 0,
): Promise<void> {
  await enqueueJob(db, clock, {
    kind: WEBHOOK_DELIVER_JOB,
    payload: { deliveryUuid, attempt, round },
    runAfter,
    maxAttempts: WEBHOOK_JOB_MAX_ATTEMPTS,
    dedupeKey: `${WEBHOOK_DELIVER_JOB}:${deliveryUuid}:${round}:${attempt}`,
  });
}
