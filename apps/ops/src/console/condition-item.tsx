/** A condition in the application file, with clear (evidence), waive and reopen for members who may. */
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { TApplicationFile, TConsoleCondition } from '@heloc/domain';
import { consoleApi, type ConditionAction } from './api';
import { when } from './format';

/**
 * One condition: what it asks and how it was closed; for a staff-raised one and a member who may,
 * clear it with a document as evidence, waive it with a reason, or reopen it with a reason.
 */
export function ConditionItem({
  applicationUuid,
  condition,
  documents,
  canChange,
}: {
  applicationUuid: string;
  condition: TConsoleCondition;
  documents: TApplicationFile['documents'];
  canChange: boolean;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<ConditionAction | null>(null);
  const [documentUuid, setDocumentUuid] = useState(documents.at(-1)?.uuid ?? '');
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (action: ConditionAction) =>
      consoleApi.changeCondition(
        applicationUuid,
        condition.uuid,
        action,
        action === 'clear'
          ? { documentUuid, ...(text.trim() && { note: text.trim() }) }
          : { reason: text.trim() },
      ),
    onSuccess: async () => {
      setMode(null);
      setText('');
      await queryClient.invalidateQueries({ queryKey: ['application-file', applicationUuid] });
      await queryClient.invalidateQueries({ queryKey: ['timeline', applicationUuid] });
    },
  });
  const open = condition.clearedAt === null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mode) return;
    if (mode === 'clear' && !documentUuid) return setFieldError('Choose a document');
    if (mode !== 'clear' && text.trim().length < 3)
      return setFieldError('Give a reason (at least 3 characters)');
    setFieldError(null);
    change.mutate(mode);
  };
  const status = open
    ? 'Open'
    : condition.resolution === 'WAIVED'
      ? `Waived ${when(condition.clearedAt)}: ${condition.resolutionNote ?? ''}`
      : condition.resolution === 'CLEARED'
        ? `Cleared ${when(condition.clearedAt)} with ${
            documents.find((d) => d.uuid === condition.evidenceDocumentUuid)?.fileName ?? 'a document'
          }${condition.resolutionNote ? ` (${condition.resolutionNote})` : ''}`
        : `Cleared ${when(condition.clearedAt)}`;
  return (
    <div data-testid="console-condition">
      <Text size="sm" fw={600}>
        {condition.category}
        {condition.commentsToBorrower ? `: ${condition.commentsToBorrower}` : ''}
      </Text>
      <Text size="sm">{status}</Text>
      {canChange && mode === null && (
        <Group gap="xs" mt={4}>
          {open ? (
            <>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => setMode('clear')}
                disabled={documents.length === 0}
              >
                Clear with evidence
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => setMode('waive')}>
                Waive
              </Button>
            </>
          ) : (
            <Button size="compact-xs" variant="default" onClick={() => setMode('reopen')}>
              Reopen
            </Button>
          )}
        </Group>
      )}
      {mode !== null && (
        <form onSubmit={submit} aria-label={`${mode} condition`}>
          <Stack gap={6} mt={6}>
            {mode === 'clear' && (
              <NativeSelect
                label="Evidence document"
                data={documents.map((d) => ({ value: d.uuid, label: d.fileName }))}
                value={documentUuid}
                onChange={(event) => setDocumentUuid(event.currentTarget.value)}
              />
            )}
            <TextInput
              label={mode === 'clear' ? 'Note (optional)' : 'Reason'}
              value={text}
              error={fieldError}
              onChange={(event) => setText(event.currentTarget.value)}
              data-autofocus
            />
            {change.isError && (
              <Alert color="red" role="alert">
                {change.error instanceof Error ? change.error.message : 'The condition could not be changed'}
              </Alert>
            )}
            <Group gap="xs">
              <Button type="submit" size="xs" loading={change.isPending}>
                {mode === 'clear'
                  ? 'Clear condition'
                  : mode === 'waive'
                    ? 'Waive condition'
                    : 'Reopen condition'}
              </Button>
              <Button size="xs" variant="default" onClick={() => setMode(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </div>
  );
}
