/**
 * Webhooks in the lender console (`/ops/webhooks`): subscriptions of an organisation (its ORG_ADMIN;
 * platform admins for any), their deliveries with every attempt, pause/resume, replay, secret rotation.
 * Every route goes through the staff policy with WEBHOOKS_MANAGE.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  ZApiErrorBody,
  ZUuid,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookSecretAnswer,
  ZWebhookSubscription,
} from '@heloc/domain';
import type { WebhookConfig } from '../../config';
import { STAFF_TAG, staffOrgFilter, staffRoute } from '../staff/policy';
import { listSubscriptions, countUndelivered } from './repository';
import {
  authorizedSubscription,
  createSubscription,
  replayDelivery,
  replaySince,
  rotateSecret,
  setPaused,
  subscriptionDeliveries,
  subscriptionView,
  type WebhookServiceDeps,
} from './service';

export const WEBHOOKS_BASE = '/service-ops/api/v1/webhooks';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody, 404: ZApiErrorBody };
const withConflict = { ...errors, 409: ZApiErrorBody };
const params = z.object({ uuid: ZUuid });
const tags = [STAFF_TAG, 'webhooks'];
const SIGNING =
  'Deliveries are POSTed as JSON with `x-heloc-webhook-id` (the event id, the same on retries and replays), `x-heloc-webhook-event`, `x-heloc-webhook-timestamp` (Unix seconds) and `x-heloc-webhook-signature` (`v1=` + hex HMAC-SHA256 of `timestamp.body` with the subscription secret).';

export const webhookRoutes: FastifyPluginAsyncZod<{ config: WebhookConfig }> = async (app, options) => {
  const deps = (): WebhookServiceDeps => ({
    db: app.db,
    clock: app.clock,
    sealer: app.sealer,
    orgs: app.orgs,
    config: options.config,
  });

  app.get(
    `${WEBHOOKS_BASE}/subscriptions`,
    {
      ...staffRoute(app, 'WEBHOOKS_MANAGE'),
      schema: {
        tags,
        summary: 'Webhook subscriptions of your organisation (platform admins: of `orgCode`, or all)',
        querystring: z.object({ orgCode: z.string().max(64).optional() }),
        response: { 200: z.object({ items: z.array(ZWebhookSubscription) }), ...errors },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'WEBHOOKS_MANAGE', request.query.orgCode);
      const rows = await listSubscriptions(app.db, orgCode);
      return { items: rows.map((row) => subscriptionView(row, row.undelivered)) };
    },
  );

  app.post(
    `${WEBHOOKS_BASE}/subscriptions`,
    {
      ...staffRoute(app, 'WEBHOOKS_MANAGE'),
      schema: {
        tags,
        summary: 'Subscribe a URL to event types, with filters; answers the signing secret once',
        description: `${SIGNING} Only http(s); private and loopback addresses are refused unless allow-listed (WEBHOOK_ALLOWED_HOSTS). Platform admins name the organisation (\`orgCode\`).`,
        body: API_WRITES['POST /service-ops/api/v1/webhooks/subscriptions'],
        response: { 201: ZWebhookSecretAnswer, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createSubscription(deps(), request, request.body)),
  );

  app.get(
    `${WEBHOOKS_BASE}/subscriptions/:uuid`,
    {
      ...staffRoute(app, 'WEBHOOKS_MANAGE'),
      schema: {
        tags,
        summary: 'One webhook subscription',
        params,
        response: { 200: ZWebhookSubscription, ...errors },
      },
    },
    async (request) => {
      const row = await authorizedSubscription(app.db, request, request.params.uuid.toLowerCase());
      return subscriptionView(row, await countUndelivered(app.db, row.uuid));
    },
  );

  for (const [verb, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `${WEBHOOKS_BASE}/subscriptions/:uuid/${verb}`,
      {
        ...staffRoute(app, 'WEBHOOKS_MANAGE'),
        schema: {
          tags,
          summary: paused
            ? 'Pause a subscription: nothing is sent, events are kept (HELD) for replay'
            : 'Resume a paused subscription (new events are sent; replay sends the missed ones)',
          params,
          response: { 200: ZWebhookSubscription, ...errors },
        },
      },
      async (request) => setPaused(deps(), request, request.params.uuid.toLowerCase(), paused),
    );
  }

  app.post(
    `${WEBHOOKS_BASE}/subscriptions/:uuid/rotate-secret`,
    {
      ...staffRoute(app, 'WEBHOOKS_MANAGE'),
      schema: {
        tags,
        summary: 'Replace the signing secret; answers the new secret once (the old one stops at once)',
        params,
        response: { 200: ZWebhookSecretAnswer, ...errors },
      },
    },
    async (request) => rotateSecret(deps(), request, request.params.uuid.toLowerCase()),
  );

  app.get(
    `${WEBHOOKS_BASE}/subscriptions/:uuid/deliveries`,
    {
      ...staffRoute(app, 'WEBHOOKS_MANAGE'),
      schema: {
        tags,
        summary:
          'Deliveries of a subscription, newest first, each with every attempt (status code, latency, error)',
        params,
        querystring: ZWebhookDeliveriesQuery,
        response: { 200: z.object({ items: z.array(ZWebhookDelivery) }), ...errors },
      },
    },
    async (request) => ({
      items: await subscriptionDeliveries(deps(), request, request.params.uuid.toLowerCase(), request.query),
    }),
  );

  app.post(
    `${WEBHOOKS_BASE}/subscriptions/:uuid/replay`,
    {
      ...staffRoute(app, 'WEBHOOKS_MANAGE'),
      schema: {
        tags,
        summary: 'Send again every delivery not delivered (failed or held) since a time',
        params,
        body: API_WRITES['POST /service-ops/api/v1/webhooks/subscriptions/:uuid/replay'],
        response: { 200: z.object({ replayed: z.number().int() }), ...withConflict },
      },
    },
    async (request) =>
      replaySince(deps(), request, request.params.uuid.toLowerCase(), new Date(request.body.since)),
  );

  app.post(
    `${WEBHOOKS_BASE}/deliveries/:uuid/replay`,
    {
      ...staffRoute(app, 'WEBHOOKS_MANAGE'),
      schema: {
        tags,
        summary: 'Send one delivery again (same event id, a fresh signature and round of attempts)',
        params,
        response: { 200: ZWebhookDelivery, ...withConflict },
      },
    },
    async (request) => replayDelivery(deps(), request, request.params.uuid.toLowerCase()),
  );
};
