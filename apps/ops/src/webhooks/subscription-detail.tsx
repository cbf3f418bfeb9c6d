/**
 * A subscription's page (`/ops/webhooks/{uuid}`): its deliveries with every attempt, pause/resume,
 * replay (one delivery, or everything undelivered since a time) and secret rotation.
 */
import { errorText } from '../api';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { when } from '../console/format';
import { onLinkClick } from '../console/location';
import { webhooksApi } from './api';
import { WEBHOOKS_KEY, deliveriesQuery, subscriptionKey, subscriptionQuery } from './queries';
import { SecretNotice } from './secret-notice';
import { StatusBadge } from './status-badge';
import { ScrollTable } from '../scroll-table';

export function SubscriptionDetail({ uuid }: { uuid: string }) {
  const queryClient = useQueryClient();
  const found = useQuery(subscriptionQuery(uuid));
  const listed = useQuery(deliveriesQuery(uuid));
  const read = found.error ?? listed.error;
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (read ? errorText(read) : null);
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [since, setSince] = useState(() => new Date(Date.now() - 86_400_000).toISOString().slice(0, 16));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: subscriptionKey(uuid) });

  // Pause, resume, rotate, replay: the notice is the action's; then every webhook read is read again.
  const act = useMutation({
    mutationFn: (work: () => Promise<string | null>) => work(),
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSuccess: async (text) => {
      setNotice(text);
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: (caught) => setError(errorText(caught)),
  });

  // The page shows once both reads are in (the subscription and its deliveries).
  const subscription = found.data;
  const deliveries = listed.data;
  if (!subscription || !deliveries)
    return error ? (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    ) : (
      <Text>Loading…</Text>
    );
  const active = subscription.status === 'ACTIVE';
  return (
    <Stack maw={1100}>
      <Anchor href="/ops/webhooks" onClick={onLinkClick('/webhooks')}>
        ← All webhooks
      </Anchor>
      <Title order={2} size="h3">
        Webhook {subscription.url}
      </Title>
      <Group>
        <StatusBadge subscription={subscription} />
        <Text size="sm">
          {subscription.eventTypes.join(', ')} · {subscription.consecutiveFailures} failures in a row ·{' '}
          {subscription.undelivered} undelivered · secret from {when(subscription.secretRotatedAt)}
        </Text>
      </Group>
      {subscription.filters.length > 0 && (
        <Text size="sm">
          Filters:{' '}
          {subscription.filters
            .map((filter) => `${filter.field} ${filter.op} ${filter.values.join(', ')}`)
            .join('; ')}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      {secret && <SecretNotice secret={secret} />}
      <Group>
        <Button
          variant="default"
          onClick={() =>
            act.mutate(async () => {
              await webhooksApi.setPaused(uuid, active);
              return active ? 'Paused: events are kept for replay.' : 'Resumed.';
            })
          }
        >
          {active ? 'Pause' : 'Resume'}
        </Button>
        <Button
          variant="default"
          onClick={() =>
            act.mutate(async () => {
              setSecret((await webhooksApi.rotateSecret(uuid)).secret);
              return 'Secret rotated: the old one no longer signs.';
            })
          }
        >
          Rotate secret
        </Button>
        <Button variant="default" onClick={refresh}>
          Refresh
        </Button>
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          act.mutate(async () => {
            const answer = await webhooksApi.replaySince(uuid, new Date(since).toISOString());
            return `${answer.replayed} deliveries queued again.`;
          });
        }}
      >
        <Group align="end">
          <TextInput
            type="datetime-local"
            label="Replay everything undelivered since"
            value={since}
            onChange={(event) => setSince(event.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            Replay undelivered
          </Button>
        </Group>
      </form>
      <ScrollTable minWidth={900} label="Deliveries table">
        <Table striped aria-label="Deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Event</Table.Th>
              <Table.Th scope="col">Created</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Attempts</Table.Th>
              <Table.Th scope="col">Response</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>No deliveries yet.</Table.Td>
              </Table.Tr>
            )}
            {deliveries.map((delivery) => (
              <Table.Tr key={delivery.uuid} data-testid="webhook-delivery">
                <Table.Td>
                  {delivery.eventType}
                  {typeof delivery.payload.data === 'object' && delivery.payload.data !== null && (
                    <Text size="xs">
                      {String((delivery.payload.data as { fromStep?: string }).fromStep ?? '')} →{' '}
                      {String((delivery.payload.data as { toStep?: string }).toStep ?? '')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{when(delivery.createdAt)}</Table.Td>
                <Table.Td>{delivery.status}</Table.Td>
                <Table.Td>
                  <ol aria-label="Attempts" style={{ margin: 0, paddingLeft: '1.2em' }}>
                    {delivery.attemptLog.map((attempt, index) => (
                      <li key={index}>
                        {attempt.statusCode ?? 'no answer'} · {attempt.latencyMs} ms
                        {attempt.replay ? ' · replay' : ''}
                        {attempt.error ? ` · ${attempt.error}` : ''}
                      </li>
                    ))}
                  </ol>
                </Table.Td>
                <Table.Td>{delivery.lastStatusCode ?? '–'}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={delivery.status === 'PENDING'}
                    aria-label={`Replay ${delivery.eventType} of ${when(delivery.createdAt)}`}
                    onClick={() =>
                      act.mutate(async () => {
                        await webhooksApi.replayDelivery(delivery.uuid);
                        return 'Delivery queued again.';
                      })
                    }
                  >
                    Replay
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
