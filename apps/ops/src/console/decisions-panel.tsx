/**
 * The Decisions panel of the application file: the application's decisions (applied, proposed and
 * rejected, with who, when, why and a decline's Regulation B reasons in words), the form to take or
 * propose one (decline, cancel, counter-offer) for members holding DECISIONS_PROPOSE, and approve /
 * reject on another member's proposal for members holding DECISIONS_APPROVE (maker-checker; the
 * server decides, the panel only shows what the member's permissions allow). One decision with its
 * review: decision-item.tsx; the form: decision-form.tsx.
 */
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { staffDecisionsAt, type TApplicationFile, type TStaffSelf } from '@heloc/domain';
import { consoleApi } from './api';
import { DecisionForm } from './decision-form';
import { DecisionItem } from './decision-item';
import { errorText } from './decision-text';

/** What a closed application still takes, in words (staffDecisionsAt says which decisions). */
const CLOSED_WORDS: Record<string, string> = {
  CANCELLED: 'This application is cancelled: it can be reopened at the step it was cancelled from.',
  DECLINED:
    'This application is declined: an exception to the rules the engine declined on is the only decision it takes.',
};

export function DecisionsPanel({ file, me }: { file: TApplicationFile; me: TStaffSelf }) {
  const decisions = useQuery({
    queryKey: ['decisions', file.uuid],
    queryFn: () => consoleApi.decisions(file.uuid),
  });
  const canPropose = me.permissions.includes('DECISIONS_PROPOSE');
  const canApprove = me.permissions.includes('DECISIONS_APPROVE');
  const offered = staffDecisionsAt(file.step);
  const closed = offered.length === 0;
  const items = decisions.data?.items ?? [];
  return (
    <Card withBorder padding="sm" component="section" aria-label="Decisions">
      <Title order={3} size="h4" mb="xs">
        Decisions
      </Title>
      {decisions.isError && (
        <Alert color="red" role="alert" mb="xs">
          {errorText(decisions.error, 'The decisions could not be loaded')}
        </Alert>
      )}
      {decisions.isSuccess && items.length === 0 && <Text size="sm">No decisions yet.</Text>}
      <Stack gap="sm">
        {items.map((decision) => (
          <DecisionItem
            key={decision.uuid}
            applicationUuid={file.uuid}
            decision={decision}
            canReview={canApprove && decision.proposedBy !== me.email && !closed}
          />
        ))}
      </Stack>
      {canPropose && CLOSED_WORDS[file.step] && (
        <Text size="sm" mt="sm">
          {CLOSED_WORDS[file.step]}
        </Text>
      )}
      {canPropose &&
        (closed ? (
          <Text size="sm" mt="sm">
            This application is closed: it takes no further decisions.
          </Text>
        ) : (
          // Keyed by step: a decision that moves the application starts the form again at its choices.
          <DecisionForm key={file.step} file={file} offered={offered} canApprove={canApprove} />
        ))}
    </Card>
  );
}
