/**
 * The console's webhooks (`/ops/webhooks`, members with WEBHOOKS_MANAGE): the organisation's
 * subscriptions (a paused one is reported at the top), the form to subscribe a URL to event types
 * with filters (checked with the domain's own request schema before it is sent; the signing secret
 * is shown once), and per subscription (`/ops/webhooks/{uuid}`) its deliveries with every attempt,
 * pause/resume, replay (one delivery, or everything undelivered since a time) and secret rotation.
 */
import { errorText } from '../api';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import {
  WEBHOOK_EVENT_TYPES,
  ZWebhookSubscriptionRequest,
  type TStaffSelf,
  type TWebhookDelivery,
  type TWebhookEventType,
  type TWebhookFilter,
  type TWebhookSubscription,
} from '@heloc/domain';
import { onLinkClick } from '../console/location';
import { webhooksApi } from './api';

const list = (text: string) =>
  text
    .split(',')
    .map((each) => each.trim().toUpperCase())
    .filter(Boolean);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '–');

export function Webhooks({ me, subscriptionUuid }: { me: TStaffSelf; subscriptionUuid: string | null }) {
  return subscriptionUuid ? (
    <SubscriptionDetail key={subscriptionUuid} uuid={subscriptionUuid} />
  ) : (
    <Subscriptions me={me} />
  );
}

function StatusBadge({ subscription }: { subscription: TWebhookSubscription }) {
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

function SecretNotice({ secret }: { secret: string }) {
  return (
    <Alert color="yellow" role="status">
      <Text fw={700}>Signing secret (shown once: copy it now)</Text>
      <Code data-testid="webhook-secret">{secret}</Code>
    </Alert>
  );
}

function Subscriptions({ me }: { me: TStaffSelf }) {
  const [items, setItems] = useState<TWebhookSubscription[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [orgCode, setOrgCode] = useState('');
  const [types, setTypes] = useState<TWebhookEventType[]>(['step.changed']);
  const [steps, setSteps] = useState('');
  const [states, setStates] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const refresh = useCallback(() => {
    webhooksApi
      .list()
      .then(setItems)
      .catch((caught: unknown) => setError(errorText(caught)));
  }, []);
  useEffect(refresh, [refresh]);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSecret(null);
    const filters: TWebhookFilter[] = [
      ...(list(steps).length > 0
        ? [{ field: 'toStep' as const, op: 'in' as const, values: list(steps) }]
        : []),
      ...(list(states).length > 0
        ? [{ field: 'propertyState' as const, op: 'in' as const, values: list(states) }]
        : []),
    ];
    const request = {
      url: url.trim(),
      description,
      eventTypes: types,
      filters,
      ...(me.orgCode === null && { orgCode: orgCode.trim().toUpperCase() || null }),
    };
    const parsed = ZWebhookSubscriptionRequest.safeParse(request);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        const key =
          field === 'filters'
            ? filters[Number(index)]?.field === 'toStep'
              ? 'steps'
              : 'states'
            : String(field);
        found[key] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    try {
      const created = await webhooksApi.create(request);
      setSecret(created.secret);
      setUrl('');
      setDescription('');
      setSteps('');
      setStates('');
      refresh();
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const paused = items.filter((each) => each.status === 'PAUSED' && each.pausedReason === 'FAILURES');
  return (
    <Stack maw={1100}>
      <Title order={2} size="h3">
        Webhooks {me.orgCode ? `of ${me.orgCode}` : 'of every organisation'}
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {paused.length > 0 && (
        <Alert color="red" role="status">
          <Text fw={700}>Paused after failing</Text>
          {paused.map((each) => (
            <Text key={each.uuid} size="sm">
              {each.url}: {each.consecutiveFailures} failed attempts in a row, paused {when(each.pausedAt)}.{' '}
              {each.undelivered} undelivered.
            </Text>
          ))}
        </Alert>
      )}
      {secret && <SecretNotice secret={secret} />}
      <Card withBorder>
        <form onSubmit={(event) => void create(event)} noValidate aria-labelledby="webhook-create-title">
          <Stack gap="sm">
            <Title order={3} size="h5" id="webhook-create-title">
              New subscription
            </Title>
            <TextInput
              label="Endpoint URL"
              description="http:// or https://; private addresses are refused"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={problems.url}
              required
            />
            <TextInput
              label="Description"
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={problems.description}
            />
            {me.orgCode === null && (
              <TextInput
                label="Organisation code"
                value={orgCode}
                onChange={(event) => setOrgCode(event.currentTarget.value)}
                error={problems.orgCode}
              />
            )}
            <Checkbox.Group
              label="Event types"
              value={types}
              onChange={(value) => setTypes(value as TWebhookEventType[])}
              error={problems.eventTypes}
              required
            >
              <Group gap="sm" mt={4}>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={type} />
                ))}
              </Group>
            </Checkbox.Group>
            <TextInput
              label="Only when the new step is (optional)"
              description="Step names, comma-separated, e.g. OFFER_SELECTION, COMPLETE"
              value={steps}
              onChange={(event) => setSteps(event.currentTarget.value)}
              error={problems.steps}
            />
            <TextInput
              label="Only for properties in (optional)"
              description="State codes, comma-separated, e.g. CA, TX"
              value={states}
              onChange={(event) => setStates(event.currentTarget.value)}
              error={problems.states}
            />
            <Group>
              <Button type="submit">Create subscription</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Table.ScrollContainer
        minWidth={800}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Webhook subscriptions table"
      >
        <Table striped aria-label="Webhook subscriptions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Endpoint</Table.Th>
              <Table.Th scope="col">Organisation</Table.Th>
              <Table.Th scope="col">Events</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Failures in a row</Table.Th>
              <Table.Th scope="col">Undelivered</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>No subscriptions yet.</Table.Td>
              </Table.Tr>
            )}
            {items.map((each) => (
              <Table.Tr key={each.uuid}>
                <Table.Td>
                  <Anchor href={`/ops/webhooks/${each.uuid}`} onClick={onLinkClick(`/webhooks/${each.uuid}`)}>
                    {each.url}
                  </Anchor>
                  {each.description && (
                    <Text size="xs" c="dimmed">
                      {each.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{each.orgCode}</Table.Td>
                <Table.Td>{each.eventTypes.join(', ')}</Table.Td>
                <Table.Td>
                  <StatusBadge subscription={each} />
                </Table.Td>
                <Table.Td>{each.consecutiveFailures}</Table.Td>
                <Table.Td>{each.undelivered}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function SubscriptionDetail({ uuid }: { uuid: string }) {
  const [subscription, setSubscription] = useState<TWebhookSubscription | null>(null);
  const [deliveries, setDeliveries] = useState<TWebhookDelivery[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [since, setSince] = useState(() => new Date(Date.now() - 86_400_000).toISOString().slice(0, 16));

  const refresh = useCallback(() => {
    Promise.all([webhooksApi.get(uuid), webhooksApi.deliveries(uuid)])
      .then(([found, listed]) => {
        setSubscription(found);
        setDeliveries(listed);
      })
      .catch((caught: unknown) => setError(errorText(caught)));
  }, [uuid]);
  useEffect(refresh, [refresh]);

  const act = async (work: () => Promise<string | null>) => {
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
      refresh();
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  if (!subscription)
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
            void act(async () => {
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
            void act(async () => {
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
          void act(async () => {
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
      <Table.ScrollContainer
        minWidth={900}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Deliveries table"
      >
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
                      void act(async () => {
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
      </Table.ScrollContainer>
    </Stack>
  );
}
