/**
 * The webhooks list (`/ops/webhooks`): the organisation's subscriptions (a paused one is reported at
 * the top) and the form to subscribe a URL to event types with filters (checked with the domain's own
 * request schema before it is sent; the signing secret is shown once).
 */
import { errorText } from '../api';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  WEBHOOK_EVENT_TYPES,
  ZWebhookSubscriptionRequest,
  type TStaffSelf,
  type TWebhookEventType,
  type TWebhookFilter,
  type TWebhookSubscriptionRequest,
} from '@heloc/domain';
import { when } from '../console/format';
import { onLinkClick } from '../console/location';
import { webhooksApi } from './api';
import { WEBHOOKS_KEY, subscriptionsQuery } from './queries';
import { SecretNotice } from './secret-notice';
import { StatusBadge } from './status-badge';
import { ScrollTable } from '../scroll-table';

const list = (text: string) =>
  text
    .split(',')
    .map((each) => each.trim().toUpperCase())
    .filter(Boolean);

export function Subscriptions({ me }: { me: TStaffSelf }) {
  const queryClient = useQueryClient();
  const subscriptions = useQuery(subscriptionsQuery);
  const items = subscriptions.data ?? [];
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (subscriptions.isError ? errorText(subscriptions.error) : null);
  const [secret, setSecret] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [orgCode, setOrgCode] = useState('');
  const [types, setTypes] = useState<TWebhookEventType[]>(['step.changed']);
  const [steps, setSteps] = useState('');
  const [states, setStates] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const subscribe = useMutation({
    mutationFn: (request: TWebhookSubscriptionRequest) => webhooksApi.create(request),
    onSuccess: async (created) => {
      setSecret(created.secret);
      setUrl('');
      setDescription('');
      setSteps('');
      setStates('');
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: (caught) => setError(errorText(caught)),
  });

  const create = (event: FormEvent<HTMLFormElement>) => {
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
    subscribe.mutate(request);
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
        <form onSubmit={create} noValidate aria-labelledby="webhook-create-title">
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
      <ScrollTable minWidth={800} label="Webhook subscriptions table">
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
      </ScrollTable>
    </Stack>
  );
}
