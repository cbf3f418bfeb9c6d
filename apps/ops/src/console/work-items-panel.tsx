/**
 * The Work items section of the application file: the manual steps the engine waits on (server:
 * modules/console/work-items.ts), each with Complete and a reason for members holding
 * WORK_ITEMS_COMPLETE. After one is completed the file, its timeline and the items are read again.
 */
import { Alert, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  PROPERTY_CONDITIONS,
  ZWorkItemCompleteRequest,
  parseDollarsToCents,
  type TStaffSelf,
  type TWorkItem,
  type TWorkItemCompleteRequest,
} from '@heloc/domain';
import { consoleApi } from './api';
import { when } from './format';

export function WorkItemsPanel({ applicationUuid, me }: { applicationUuid: string; me: TStaffSelf }) {
  const workItems = useQuery({
    queryKey: ['work-items', applicationUuid],
    queryFn: () => consoleApi.workItems(applicationUuid),
  });
  const items = workItems.data?.items ?? [];
  return (
    <Card withBorder padding="sm" component="section" aria-label="Work items">
      <Title order={3} size="h4" mb="xs">
        Work items
      </Title>
      {workItems.isError && (
        <Alert color="red" role="alert">
          {workItems.error instanceof Error ? workItems.error.message : 'The work items could not be loaded'}
        </Alert>
      )}
      {workItems.isSuccess && items.length === 0 && (
        <Text size="sm">The engine is not waiting for anyone on this application.</Text>
      )}
      <Stack gap="sm">
        {items.map((item) => (
          <WorkItem
            key={item.kind}
            applicationUuid={applicationUuid}
            item={item}
            canComplete={me.permissions.includes('WORK_ITEMS_COMPLETE')}
          />
        ))}
      </Stack>
    </Card>
  );
}

function WorkItem({
  applicationUuid,
  item,
  canComplete,
}: {
  applicationUuid: string;
  item: TWorkItem;
  canComplete: boolean;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [value, setValue] = useState('');
  const [condition, setCondition] = useState<string>('AVERAGE');
  const [payoff, setPayoff] = useState('');
  const [goodThrough, setGoodThrough] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = item.kind === 'VALUATION_REPORT';
  const statement = item.kind === 'PAYOFF_STATEMENT';
  // Complete gives way to the form: the keyboard's focus goes to the reason (the report's: its value).
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) firstField.current?.focus();
  }, [open]);
  const complete = useMutation({
    mutationFn: (body: TWorkItemCompleteRequest) =>
      consoleApi.completeWorkItem(applicationUuid, item.kind, body),
    onSuccess: async () => {
      setOpen(false);
      setReason('');
      await Promise.all(
        [
          ['work-items', applicationUuid],
          ['application-file', applicationUuid],
          ['timeline', applicationUuid],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valueCents = parseDollarsToCents(value);
    if (report && valueCents === null)
      return setErrors({ valueCents: 'Enter the value in dollars, for example 550,000' });
    const payoffCents = parseDollarsToCents(payoff);
    if (statement && payoffCents === null)
      return setErrors({ payoffCents: 'Enter the payoff in dollars, for example 40,125.37' });
    if (statement && !goodThrough) return setErrors({ goodThrough: 'Required' });
    const checked = ZWorkItemCompleteRequest.safeParse(
      report
        ? { reason, valueCents, condition }
        : statement
          ? { reason, payoffCents, goodThrough: goodThrough || undefined }
          : { reason },
    );
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0] ?? 'reason')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    complete.mutate(checked.data);
  };
  return (
    <div data-testid="work-item">
      <Text size="sm" fw={600}>
        {item.title}
      </Text>
      <Text size="sm">{item.description}</Text>
      {!item.ready && item.availableFrom && (
        <Text size="sm">It can be completed from {when(item.availableFrom)}.</Text>
      )}
      {canComplete && item.ready && !open && (
        <Button size="compact-sm" mt={6} onClick={() => setOpen(true)}>
          Complete
        </Button>
      )}
      {open && (
        <form onSubmit={submit} aria-label={`Complete: ${item.title}`}>
          <Stack gap={6} mt={6}>
            {report && (
              <>
                <TextInput
                  label="Value in the report (dollars)"
                  inputMode="decimal"
                  value={value}
                  error={errors.valueCents}
                  onChange={(event) => setValue(event.currentTarget.value)}
                  ref={firstField}
                />
                <NativeSelect
                  label="Condition of the property"
                  data={PROPERTY_CONDITIONS.map((each) => ({ value: each, label: each.toLowerCase() }))}
                  value={condition}
                  onChange={(event) => setCondition(event.currentTarget.value)}
                />
              </>
            )}
            {statement && (
              <>
                <TextInput
                  label="Payoff amount (dollars)"
                  inputMode="decimal"
                  value={payoff}
                  error={errors.payoffCents}
                  onChange={(event) => setPayoff(event.currentTarget.value)}
                  ref={firstField}
                />
                <TextInput
                  label="Good through (YYYY-MM-DD)"
                  value={goodThrough}
                  error={errors.goodThrough}
                  onChange={(event) => setGoodThrough(event.currentTarget.value)}
                />
              </>
            )}
            <TextInput
              label="How it was done (reason)"
              value={reason}
              error={errors.reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              ref={report || statement ? undefined : firstField}
            />
            {complete.isError && (
              <Alert color="red" role="alert">
                {complete.error instanceof Error ? complete.error.message : 'It could not be completed'}
              </Alert>
            )}
            <Group gap="xs">
              <Button type="submit" size="xs" loading={complete.isPending}>
                Complete work item
              </Button>
              <Button size="xs" variant="default" onClick={() => setOpen(false)}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </div>
  );
}
