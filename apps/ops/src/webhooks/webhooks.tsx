/**
 * The console's webhooks (`/ops/webhooks`, members with WEBHOOKS_MANAGE): the organisation's
 * subscriptions (a paused one is reported at the top), the form to subscribe a URL to event types
 * with filters (checked with the domain's own request schema before it is sent; the signing secret
 * is shown once), and per subscription (`/ops/webhooks/{uuid}`) its deliveries with every attempt,
 * pause/resume, replay (one delivery, or everything undelivered since a time) and secret rotation.
 */
import type { TStaffSelf } from '@heloc/domain';
import { SubscriptionDetail } from './subscription-detail';
import { Subscriptions } from './subscriptions';

export function Webhooks({ me, subscriptionUuid }: { me: TStaffSelf; subscriptionUuid: string | null }) {
  return subscriptionUuid ? (
    <SubscriptionDetail key={subscriptionUuid} uuid={subscriptionUuid} />
  ) : (
    <Subscriptions me={me} />
  );
}
