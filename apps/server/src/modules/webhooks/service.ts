/**
 * The console's webhook operations, each through the staff policy (WEBHOOKS_MANAGE; another
 * organisation's subscription or delivery answers 404): create (the secret shown once), pause,
 * resume, rotate the secret, list deliveries, replay one delivery or every undelivered one since a time.
 */
import type { FastifyRequest } from 'fastify';
import type { TWebhookDelivery, TWebhookSubscription } from '@heloc/domain';
import type { ZWebhookSubscriptionRequest } from '@heloc/domain';
import type { z } from 'zod';
import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { FieldSealer } from '../../lib/sealed';
import type { WebhookConfig } from '../../config';
import { AppError } from '../../lib/errors';
import type { OrganisationDirectory } from '../organisations/directory';
import { authorizeStaff, staffOf } from '../staff/policy';
import { recordStaffAudit } from '../staff/audit';
import { urlAddressProblem } from './address-guard';
import { queueAttempt } from './emit';
import {
  countAttempts,
  countUndelivered,
  findDelivery,
  findSubscription,
  holdPending,
  insertSubscription,
  listDeliveries,
  undeliveredSince,
  updateDelivery,
  updateSubscription,
  withAttempts,
  type AttemptRow,
  type DeliveryRow,
  type SubscriptionRow,
} from './repository';
import { newWebhookSecret, sealSecret } from './secrets';

export type WebhookServiceDeps = {
  db: Database;
  clock: Clock;
  sealer: FieldSealer;
  orgs: OrganisationDirectory;
  config: WebhookConfig;
};

const NOT_FOUND = 'Webhook subscription not found';

export function subscriptionView(row: SubscriptionRow, undelivered: number): TWebhookSubscription {
  return {
    uuid: row.uuid,
    orgCode: row.orgCode,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as TWebhookSubscription['eventTypes'],
    filters: row.filters as TWebhookSubscription['filters'],
    status: row.status as TWebhookSubscription['status'],
    pausedReason: row.pausedReason as TWebhookSubscription['pausedReason'],
    pausedAt: row.pausedAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    secretRotatedAt: row.secretRotatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    undelivered,
  };
}

export function deliveryView(row: DeliveryRow & { attemptLog: AttemptRow[] }): TWebhookDelivery {
  return {
    uuid: row.uuid,
    subscriptionUuid: row.subscriptionUuid,
    eventType: row.eventType as TWebhookDelivery['eventType'],
    applicationUuid: row.applicationUuid,
    status: row.status as TWebhookDelivery['status'],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    payload: row.payload,
    attemptLog: row.attemptLog.map((attempt) => ({
      at: attempt.at.toISOString(),
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      error: attempt.error,
      replay: attempt.replay,
    })),
  };
}

/** The subscription, after the policy's check (404 across organisations). */
export async function authorizedSubscription(
  db: Database,
  request: FastifyRequest,
  uuid: string,
): Promise<SubscriptionRow> {
  const row = await findSubscription(db, uuid);
  await authorizeStaff(request, 'WEBHOOKS_MANAGE', row?.orgCode, NOT_FOUND);
  return row!;
}

export async function createSubscription(
  deps: WebhookServiceDeps,
  request: FastifyRequest,
  body: z.output<typeof ZWebhookSubscriptionRequest>,
): Promise<{ subscription: TWebhookSubscription; secret: string }> {
  const staff = staffOf(request);
  const named = body.orgCode ? (deps.orgs.byOrgCode(body.orgCode)?.orgCode ?? null) : staff.orgCode;
  if (!body.orgCode && !named)
    throw new AppError('BAD_REQUEST', 'Choose the organisation', { field: 'orgCode' });
  await authorizeStaff(request, 'WEBHOOKS_MANAGE', named, 'Organisation not found');
  const problem = urlAddressProblem(new URL(body.url), deps.config.allowedHosts);
  if (problem) throw new AppError('BAD_REQUEST', problem, { field: 'url' });
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const uuid = crypto.randomUUID();
    const created = await insertSubscription(tx, {
      uuid,
      orgCode: named!,
      url: body.url,
      description: body.description,
      eventTypes: body.eventTypes,
      filters: body.filters,
      secretSealed: sealSecret(deps.sealer, uuid, secret),
      secretRotatedAt: now,
      createdBy: staff.identityUuid,
      createdAt: now,
    });
    await recordStaffAudit(tx, {
      actor: staff,
      action: 'WEBHOOK_CREATED',
      orgCode: created.orgCode,
      data: { subscriptionUuid: uuid, url: body.url, eventTypes: body.eventTypes },
    });
    return created;
  });
  return { subscription: subscriptionView(row, 0), secret };
}

export async function rotateSecret(
  deps: WebhookServiceDeps,
  request: FastifyRequest,
  uuid: string,
): Promise<{ subscription: TWebhookSubscription; secret: string }> {
  const found = await authorizedSubscription(deps.db, request, uuid);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateSubscription(tx, found.uuid, {
      secretSealed: sealSecret(deps.sealer, found.uuid, secret),
      secretRotatedAt: deps.clock.now(),
    });
    await recordStaffAudit(tx, {
      actor: staffOf(request),
      action: 'WEBHOOK_SECRET_ROTATED',
      orgCode: found.orgCode,
      data: { subscriptionUuid: found.uuid },
    });
    return updated!;
  });
  return { subscription: subscriptionView(row, await countUndelivered(deps.db, uuid)), secret };
}

/** Pause (staff) or resume. Resuming sends nothing by itself: replay sends what was missed. */
export async function setPaused(
  deps: WebhookServiceDeps,
  request: FastifyRequest,
  uuid: string,
  paused: boolean,
): Promise<TWebhookSubscription> {
  const found = await authorizedSubscription(deps.db, request, uuid);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateSubscription(
      tx,
      found.uuid,
      paused
        ? { status: 'PAUSED', pausedReason: 'STAFF', pausedAt: deps.clock.now() }
        : { status: 'ACTIVE', pausedReason: null, pausedAt: null, consecutiveFailures: 0 },
    );
    if (paused) await holdPending(tx, found.uuid);
    await recordStaffAudit(tx, {
      actor: staffOf(request),
      action: paused ? 'WEBHOOK_PAUSED' : 'WEBHOOK_RESUMED',
      orgCode: found.orgCode,
      data: { subscriptionUuid: found.uuid, by: 'STAFF' },
    });
    return updated!;
  });
  return subscriptionView(row, await countUndelivered(deps.db, uuid));
}

export async function subscriptionDeliveries(
  deps: WebhookServiceDeps,
  request: FastifyRequest,
  uuid: string,
  query: { status?: string; limit: number },
): Promise<TWebhookDelivery[]> {
  const found = await authorizedSubscription(deps.db, request, uuid);
  return (await listDeliveries(deps.db, found.uuid, query)).map(deliveryView);
}

const RESUME_FIRST = 'Resume the subscription before replaying its deliveries';

/** Sends one delivery again (any status but PENDING): a fresh round of attempts, the same event id. */
export async function replayDelivery(
  deps: WebhookServiceDeps,
  request: FastifyRequest,
  deliveryUuid: string,
): Promise<TWebhookDelivery> {
  const delivery = await findDelivery(deps.db, deliveryUuid);
  const subscription = delivery ? await findSubscription(deps.db, delivery.subscriptionUuid) : null;
  await authorizeStaff(request, 'WEBHOOKS_MANAGE', subscription?.orgCode, 'Webhook delivery not found');
  if (subscription!.status !== 'ACTIVE') throw new AppError('CONFLICT', RESUME_FIRST);
  if (delivery!.status === 'PENDING') throw new AppError('CONFLICT', 'This delivery is already on its way');
  await deps.db.transaction(async (tx) => {
    await requeue(deps, tx, delivery!.uuid);
    await recordStaffAudit(tx, {
      actor: staffOf(request),
      action: 'WEBHOOK_REPLAYED',
      orgCode: subscription!.orgCode,
      data: { subscriptionUuid: subscription!.uuid, deliveryUuids: [delivery!.uuid] },
    });
  });
  const [view] = await withAttempts(deps.db, [(await findDelivery(deps.db, deliveryUuid))!]);
  return deliveryView(view!);
}

/** Sends again every delivery of the subscription not delivered (failed or held) since `since`. */
export async function replaySince(
  deps: WebhookServiceDeps,
  request: FastifyRequest,
  uuid: string,
  since: Date,
): Promise<{ replayed: number }> {
  const found = await authorizedSubscription(deps.db, request, uuid);
  if (found.status !== 'ACTIVE') throw new AppError('CONFLICT', RESUME_FIRST);
  return deps.db.transaction(async (tx) => {
    const deliveries = await undeliveredSince(tx, found.uuid, since);
    for (const delivery of deliveries) await requeue(deps, tx, delivery.uuid);
    await recordStaffAudit(tx, {
      actor: staffOf(request),
      action: 'WEBHOOK_REPLAYED',
      orgCode: found.orgCode,
      data: { subscriptionUuid: found.uuid, since: since.toISOString(), count: deliveries.length },
    });
    return { replayed: deliveries.length };
  });
}

async function requeue(
  deps: WebhookServiceDeps,
  tx: Parameters<typeof updateDelivery>[0],
  deliveryUuid: string,
) {
  await updateDelivery(tx, deliveryUuid, { status: 'PENDING', attempts: 0 });
  // A new round with its own dedupe keys (every round makes at least one attempt before the
  // delivery can be replayed again, so the count of attempts so far is a fresh number).
  const round = (await countAttempts(tx, deliveryUuid)) + 1;
  await queueAttempt(tx, deps.clock, deliveryUuid, 1, deps.clock.now(), round);
}
