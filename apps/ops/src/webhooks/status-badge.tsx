/** A subscription's status in words (the list and a subscription's page). */
import { Text } from '@mantine/core';
import type { TWebhookSubscription } from '@heloc/domain';

export function StatusBadge({ subscription }: { subscription: TWebhookSubscription }) {
  // Plain strong text (the word says it): coloured badges and text fail axe's contrast check here.
  return subscription.status === 'ACTIVE' ? (
    <Text span fw={700}>
      Active
    </Text>
  ) : (
    <Text span fw={700} td="underline">
      {subscription.pausedReason === 'FAILURES' ? 'Paused: failing' : 'Paused'}
    </Text>
  );
}
