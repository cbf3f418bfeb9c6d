/**
 * One decision of the Decisions panel: what it decided, who proposed and who approved or rejected it
 * and why, and for a member who may review another member's proposal, Approve / Reject (with a reason).
 */
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ZStaffReason, type TStaffDecision } from '@heloc/domain';
import { consoleApi } from './api';
import { DECISION_LABELS, decisionDetails, errorText } from './decision-text';
import { when } from './format';
import { useRefreshFile } from './use-refresh-file';

/** Outline badges in shade 9: their text keeps a 5:1 contrast on white (green and orange 9 do not). */
const STATUS_BADGES: Record<TStaffDecision['status'], { label: string; color: string }> = {
  APPLIED: { label: 'Applied', color: 'teal.9' },
  PROPOSED: { label: 'Proposed', color: 'grape.9' },
  REJECTED: { label: 'Rejected', color: 'red.9' },
};

export function DecisionItem({
  applicationUuid,
  decision,
  canReview,
}: {
  applicationUuid: string;
  decision: TStaffDecision;
  canReview: boolean;
}) {
  const badge = STATUS_BADGES[decision.status];
  const details = decisionDetails(decision);
  const takenAtOnce =
    decision.status === 'APPLIED' &&
    decision.decidedBy === decision.proposedBy &&
    decision.decidedAt === decision.proposedAt;
  return (
    <div data-testid="decision">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {DECISION_LABELS[decision.type]}
        </Text>
        <Badge variant="outline" color={badge.color}>
          {badge.label}
        </Badge>
      </Group>
      {details && <Text size="sm">{details}</Text>}
      <Text size="sm">
        {takenAtOnce ? 'Taken' : 'Proposed'} by {decision.proposedBy}, {when(decision.proposedAt)}:{' '}
        {decision.note}
      </Text>
      {decision.status === 'APPLIED' && !takenAtOnce && (
        <Text size="sm">
          Approved by {decision.decidedBy ?? '–'}, {when(decision.decidedAt)}
          {decision.decisionNote ? `: ${decision.decisionNote}` : ''}
        </Text>
      )}
      {decision.status === 'REJECTED' && (
        <Text size="sm">
          Rejected by {decision.decidedBy ?? '–'}, {when(decision.decidedAt)}: {decision.decisionNote ?? ''}
        </Text>
      )}
      {decision.status === 'PROPOSED' && !canReview && (
        <Text size="sm">Waiting for a different member who may approve decisions.</Text>
      )}
      {decision.status === 'PROPOSED' && canReview && (
        <Review applicationUuid={applicationUuid} decision={decision} />
      )}
    </div>
  );
}

/** Approve (applied now, under the reviewer's name) or reject with a reason. */
function Review({ applicationUuid, decision }: { applicationUuid: string; decision: TStaffDecision }) {
  const refresh = useRefreshFile(applicationUuid);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // The Reject button gives way to the form: the keyboard's focus goes to the reason.
  const reasonField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (rejecting) reasonField.current?.focus();
  }, [rejecting]);
  const review = useMutation({
    mutationFn: (kind: 'approve' | 'reject') =>
      consoleApi.reviewDecision(
        applicationUuid,
        decision.uuid,
        kind === 'approve' ? { kind } : { kind, reason: reason.trim() },
      ),
    onSuccess: async () => {
      setRejecting(false);
      setReason('');
      await refresh();
    },
  });
  const submitReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = ZStaffReason.safeParse(reason);
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message ?? 'Give a reason');
    setFieldError(null);
    review.mutate('reject');
  };
  return (
    <Stack gap={6} mt={6}>
      {!rejecting && (
        <Group gap="xs">
          <Button size="compact-sm" onClick={() => review.mutate('approve')} loading={review.isPending}>
            Approve
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setRejecting(true)}>
            Reject
          </Button>
        </Group>
      )}
      {rejecting && (
        <form onSubmit={submitReject} aria-label="Reject the proposed decision">
          <Stack gap={6}>
            <TextInput
              label="Why it is rejected"
              value={reason}
              error={fieldError}
              onChange={(event) => setReason(event.currentTarget.value)}
              ref={reasonField}
            />
            <Group gap="xs">
              <Button type="submit" size="xs" color="red.9" loading={review.isPending}>
                Reject decision
              </Button>
              <Button size="xs" variant="default" onClick={() => setRejecting(false)}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {review.isError && (
        <Alert color="red" role="alert">
          {errorText(review.error, 'The decision could not be reviewed')}
        </Alert>
      )}
    </Stack>
  );
}
