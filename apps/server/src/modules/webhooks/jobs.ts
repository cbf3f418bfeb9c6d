/**
 * The delivery job: one attempt per job. The outcome is written with the attempt (status code,
 * latency, error); a failure queues the next attempt after the domain's backoff
 * (webhookRetryDelayMs) until WEBHOOK_MAX_ATTEMPTS, and counts towards the subscription's run of
 * failures: at WEBHOOK_PAUSE_AFTER_FAILURES in a row the subscription is paused, reported in the log
 * and the staff audit trail (WEBHOOK_PAUSED), and shown paused in the console — never deleted. Events
 * of a paused subscription are kept (HELD) for replay.
 */
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { webhookRetryDelayMs } from '@heloc/domain';
import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { FieldSealer } from '../../lib/sealed';
import type { WebhookConfig } from '../../config';
import type { JobWorker } from '../../jobs/worker';
import { recordStaffAudit } from '../staff/audit';
import { WEBHOOK_DELIVER_JOB, queueAttempt } from './emit';
import {
  countFailure,
  findDelivery,
  findSubscription,
  holdPending,
  insertAttempt,
  lockDelivery,
  updateDelivery,
  updateSubscription,
} from './repository';
import { sendWebhook } from './sender';
import { openSecret } from './secrets';

const ZDeliverPayload = z.object({
  deliveryUuid: z.string().uuid(),
  attempt: z.number().int().min(1),
  round: z.number().int().min(0),
});

export type WebhookJobDeps = {
  db: Database;
  clock: Clock;
  sealer: FieldSealer;
  log: FastifyBaseLogger;
  config: WebhookConfig;
};

export function registerWebhookJobs(worker: JobWorker, deps: WebhookJobDeps): void {
  const { db, clock, sealer, log, config } = deps;
  worker.register(WEBHOOK_DELIVER_JOB, {
    // The HTTP attempt has its own limit; this one only guards the database work around it.
    timeoutMs: config.timeoutMs + 10_000,
    run: async (raw, _job, context) => {
      const { deliveryUuid, attempt, round } = ZDeliverPayload.parse(raw);
      const delivery = await findDelivery(db, deliveryUuid);
      if (!delivery || delivery.status !== 'PENDING') return;
      const subscription = await findSubscription(db, delivery.subscriptionUuid);
      if (!subscription) return;
      if (subscription.status !== 'ACTIVE') {
        await updateDelivery(db, delivery.uuid, { status: 'HELD' });
        return;
      }
      const outcome = await sendWebhook({
        url: subscription.url,
        secret: openSecret(sealer, subscription),
        eventId: String(delivery.payload.id),
        eventType: delivery.eventType,
        body: JSON.stringify(delivery.payload),
        allowList: config.allowedHosts,
        timeoutMs: config.timeoutMs,
        signal: context.signal,
      });
      const paused = await db.transaction(async (tx) => {
        const locked = await lockDelivery(tx, delivery.uuid);
        if (!locked || locked.delivery.status !== 'PENDING') return false;
        const now = clock.now();
        await insertAttempt(tx, {
          deliveryUuid: delivery.uuid,
          at: now,
          statusCode: outcome.statusCode,
          latencyMs: outcome.latencyMs,
          error: outcome.error,
          replay: round > 0,
        });
        const attempts = locked.delivery.attempts + 1;
        if (outcome.ok) {
          await updateDelivery(tx, delivery.uuid, {
            status: 'DELIVERED',
            attempts,
            lastStatusCode: outcome.statusCode,
            lastError: null,
            deliveredAt: now,
          });
          await updateSubscription(tx, subscription.uuid, { consecutiveFailures: 0 });
          return false;
        }
        const failures = await countFailure(tx, subscription.uuid);
        const pause = failures >= config.pauseAfterFailures && locked.subscription.status === 'ACTIVE';
        const last = attempt >= config.maxAttempts;
        await updateDelivery(tx, delivery.uuid, {
          status: pause || last ? 'FAILED' : 'PENDING',
          attempts,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error,
        });
        if (pause) {
          await updateSubscription(tx, subscription.uuid, {
            status: 'PAUSED',
            pausedReason: 'FAILURES',
            pausedAt: now,
          });
          await holdPending(tx, subscription.uuid);
          await recordStaffAudit(tx, {
            actor: null,
            action: 'WEBHOOK_PAUSED',
            orgCode: subscription.orgCode,
            data: {
              subscriptionUuid: subscription.uuid,
              url: subscription.url,
              consecutiveFailures: failures,
              lastError: outcome.error,
            },
          });
        } else if (!last) {
          await queueAttempt(
            tx,
            clock,
            delivery.uuid,
            attempt + 1,
            new Date(now.getTime() + webhookRetryDelayMs(attempt)),
            round,
          );
        }
        return pause;
      });
      if (paused)
        log.warn(
          { subscriptionUuid: subscription.uuid, orgCode: subscription.orgCode },
          'webhook subscription paused after consecutive failed attempts',
        );
    },
  });
}
