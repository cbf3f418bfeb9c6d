/**
 * The Work items section of the application file: the manual steps the engine waits on (server:
 * modules/console/work-items.ts), each with Complete and a reason for members holding
 * WORK_ITEMS_COMPLETE. After one is completed the file, its timeline and the items are read again.
 */
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ZStaffReason, type TStaffSelf, type TWorkItem } from '@heloc/domain';
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
  const [fieldError, setFieldError] = useState<string | null>(null);
  // Complete gives way to the form: the keyboard's focus goes to the reason.
  const reasonField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) reasonField.current?.focus();
  }, [open]);
  const complete = useMutation({
    mutationFn: (why: string) => consoleApi.completeWorkItem(applicationUuid, item.kind, why),
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
    const checked = ZStaffReason.safeParse(reason);
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message ?? 'Give a reason');
    setFieldError(null);
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
            <TextInput
              label="How it was done (reason)"
              value={reason}
              error={fieldError}
              onChange={(event) => setReason(event.currentTarget.value)}
              ref={reasonField}
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
