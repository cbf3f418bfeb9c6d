/** The webhook calls of the console (`/service-ops/api/v1/webhooks`, WEBHOOKS_MANAGE). */
import { z } from 'zod';
import {
  ZWebhookDelivery,
  ZWebhookSecretAnswer,
  ZWebhookSubscription,
  type TWebhookSubscriptionRequest,
} from '@heloc/domain';
import { call } from '../api';

const BASE = '/service-ops/api/v1/webhooks';

export const webhooksApi = {
  list: () =>
    call('GET', `${BASE}/subscriptions`, z.object({ items: z.array(ZWebhookSubscription) })).then(
      (answer) => answer.items,
    ),
  get: (uuid: string) => call('GET', `${BASE}/subscriptions/${uuid}`, ZWebhookSubscription),
  create: (body: TWebhookSubscriptionRequest) =>
    call('POST', `${BASE}/subscriptions`, ZWebhookSecretAnswer, { body }),
  setPaused: (uuid: string, paused: boolean) =>
    call('POST', `${BASE}/subscriptions/${uuid}/${paused ? 'pause' : 'resume'}`, ZWebhookSubscription),
  rotateSecret: (uuid: string) =>
    call('POST', `${BASE}/subscriptions/${uuid}/rotate-secret`, ZWebhookSecretAnswer),
  deliveries: (uuid: string) =>
    call(
      'GET',
      `${BASE}/subscriptions/${uuid}/deliveries?limit=100`,
      z.object({ items: z.array(ZWebhookDelivery) }),
    ).then((answer) => answer.items),
  replaySince: (uuid: string, since: string) =>
    call('POST', `${BASE}/subscriptions/${uuid}/replay`, z.object({ replayed: z.number() }), {
      body: { since },
    }),
  replayDelivery: (uuid: string) => call('POST', `${BASE}/deliveries/${uuid}/replay`, ZWebhookDelivery),
};
