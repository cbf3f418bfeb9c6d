/**
 * The Decisions panel of the application file: the application's decisions (applied, proposed and
 * rejected, with who, when, why and a decline's Regulation B reasons in words), the form to take or
 * propose one (decline, cancel, counter-offer) for members holding DECISIONS_PROPOSE, and approve /
 * reject on another member's proposal for members holding DECISIONS_APPROVE (maker-checker; the
 * server decides, the panel only shows what the member's permissions allow).
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  EXCEPTIONABLE_RULES,
  EXCEPTIONABLE_RULE_TEXT,
  OUT_OF_POLICY_DECISIONS,
  REG_B_REASONS,
  REG_B_REASON_TEXT,
  ZExceptionableRule,
  ZRegBReason,
  ZStaffDecisionRequest,
  ZStaffReason,
  parseDollarsToCents,
  staffDecisionsAt,
  type TApplicationFile,
  type TStaffDecision,
  type TStaffDecisionType,
  type TStaffSelf,
} from '@heloc/domain';
import { consoleApi } from './api';
import { money, when } from './format';

export const DECISION_LABELS: Record<TStaffDecisionType, string> = {
  DECLINE: 'Decline',
  CANCEL: 'Cancel the application',
  COUNTER_OFFER: 'Counter-offer (a lower line)',
  REOPEN: 'Reopen the application',
  VALUATION_OVERRIDE: 'Override the valuation',
  APPROVE_EXCEPTION: 'Approve an exception',
};

/** What a closed application still takes, in words (staffDecisionsAt says which decisions). */
const CLOSED_WORDS: Record<string, string> = {
  CANCELLED: 'This application is cancelled: it can be reopened at the step it was cancelled from.',
  DECLINED:
    'This application is declined: an exception to the rules the engine declined on is the only decision it takes.',
};

/** Outline badges in shade 9: their text keeps a 5:1 contrast on white (green and orange 9 do not). */
const STATUS_BADGES: Record<TStaffDecision['status'], { label: string; color: string }> = {
  APPLIED: { label: 'Applied', color: 'teal.9' },
  PROPOSED: { label: 'Proposed', color: 'grape.9' },
  REJECTED: { label: 'Rejected', color: 'red.9' },
};

const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

/** After a decision the file (step, offer), its timeline and its decisions all change. */
function useRefreshFile(applicationUuid: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [
        ['application-file', applicationUuid],
        ['timeline', applicationUuid],
        ['decisions', applicationUuid],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

/** What the decision decided, in words: a decline's reasons, a counter-offer's line. */
function decisionDetails(decision: TStaffDecision): string | null {
  const { details } = decision;
  if (decision.type === 'DECLINE' && Array.isArray(details.reasons)) {
    const words = details.reasons.flatMap((code) => {
      const reason = ZRegBReason.safeParse(code);
      if (!reason.success) return [];
      return reason.data === 'OTHER' && typeof details.otherReason === 'string'
        ? [`Other: ${details.otherReason}`]
        : [REG_B_REASON_TEXT[reason.data]];
    });
    return `Reasons: ${words.join('; ')}`;
  }
  if (decision.type === 'COUNTER_OFFER' && typeof details.maxLineCents === 'number')
    return `New maximum line: ${money(details.maxLineCents)}`;
  if (decision.type === 'VALUATION_OVERRIDE' && typeof details.valueCents === 'number')
    return `Manual value: ${money(details.valueCents)} (${String(details.source ?? '')})`;
  if (decision.type === 'APPROVE_EXCEPTION' && Array.isArray(details.rules))
    return `Rules excepted: ${details.rules
      .flatMap((rule) => {
        const parsed = ZExceptionableRule.safeParse(rule);
        return parsed.success ? [EXCEPTIONABLE_RULE_TEXT[parsed.data]] : [];
      })
      .join('; ')}`;
  return null;
}

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

function DecisionItem({
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

/**
 * Take or propose a decision. The request is checked with the domain's own schema before it is
 * sent (1 to 4 reasons, OTHER with its words, a note); the server checks it again and answers 409
 * when the application cannot take it (a counter-offer outside offer selection, a line too high).
 */
function DecisionForm({
  file,
  offered,
  canApprove,
}: {
  file: TApplicationFile;
  offered: readonly TStaffDecisionType[];
  canApprove: boolean;
}) {
  const refresh = useRefreshFile(file.uuid);
  const [type, setType] = useState<TStaffDecisionType>(offered[0] ?? 'DECLINE');
  const [rules, setRules] = useState<string[]>([]);
  const [value, setValue] = useState('');
  const [source, setSource] = useState('');
  const [reasons, setReasons] = useState<string[]>([]);
  const [otherReason, setOtherReason] = useState('');
  const [line, setLine] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const atOnce = canApprove && !OUT_OF_POLICY_DECISIONS.includes(type);
  const decide = useMutation({
    mutationFn: (body: Parameters<typeof consoleApi.decide>[1]) => consoleApi.decide(file.uuid, body),
    onSuccess: async (decision) => {
      setReasons([]);
      setOtherReason('');
      setLine('');
      setNote('');
      setRules([]);
      setValue('');
      setSource('');
      setDone(
        decision.status === 'APPLIED'
          ? 'The decision was applied.'
          : 'The decision was proposed: a different member who may approve decisions applies it.',
      );
      await refresh();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const lineCents = parseDollarsToCents(line);
    if (type === 'COUNTER_OFFER' && lineCents === null)
      return setErrors({ maxLineCents: 'Enter the new line in dollars, for example 85,000' });
    const valueCents = parseDollarsToCents(value);
    if (type === 'VALUATION_OVERRIDE' && valueCents === null)
      return setErrors({ valueCents: 'Enter the value in dollars, for example 550,000' });
    const parsed = ZStaffDecisionRequest.safeParse(
      type === 'DECLINE'
        ? { type, reasons, ...(otherReason.trim() && { otherReason }), note }
        : type === 'COUNTER_OFFER'
          ? { type, maxLineCents: lineCents, note }
          : type === 'VALUATION_OVERRIDE'
            ? { type, valueCents, source, note }
            : type === 'APPROVE_EXCEPTION'
              ? { type, rules, note }
              : { type, note },
    );
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    decide.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} aria-label="Take or propose a decision">
      <Stack gap="xs" mt="md">
        <Title order={4} size="h5">
          {canApprove ? 'Take or propose a decision' : 'Propose a decision'}
        </Title>
        <NativeSelect
          label="Decision"
          data={offered.map((each) => ({ value: each, label: DECISION_LABELS[each] }))}
          value={type}
          onChange={(event) => {
            setType(event.currentTarget.value as TStaffDecisionType);
            setErrors({});
          }}
        />
        {type === 'DECLINE' && (
          <Checkbox.Group
            label="Regulation B reasons (1 to 4)"
            value={reasons}
            onChange={setReasons}
            error={errors.reasons}
          >
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={6} mt={6}>
              {REG_B_REASONS.map((code) => (
                <Checkbox key={code} value={code} label={REG_B_REASON_TEXT[code]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
        {type === 'DECLINE' && reasons.includes('OTHER') && (
          <TextInput
            label="The other reason, in words (printed on the notice)"
            value={otherReason}
            error={errors.otherReason}
            onChange={(event) => setOtherReason(event.currentTarget.value)}
          />
        )}
        {type === 'COUNTER_OFFER' && (
          <TextInput
            label="New maximum line (dollars)"
            description={`Current maximum line: ${money(file.underwriting?.maxLineCents)}`}
            inputMode="decimal"
            value={line}
            error={errors.maxLineCents}
            onChange={(event) => setLine(event.currentTarget.value)}
          />
        )}
        {type === 'VALUATION_OVERRIDE' && (
          <>
            <TextInput
              label="Value of the home (dollars)"
              description={`Current value: ${money(file.valuation?.valueCents)}; underwriting runs again on the new one`}
              inputMode="decimal"
              value={value}
              error={errors.valueCents}
              onChange={(event) => setValue(event.currentTarget.value)}
            />
            <TextInput
              label="Source of the value (appraisal, field review…)"
              value={source}
              error={errors.source}
              onChange={(event) => setSource(event.currentTarget.value)}
            />
          </>
        )}
        {type === 'APPROVE_EXCEPTION' && (
          <Checkbox.Group
            label="Rules to except (every rule the engine declined on)"
            description={`The engine declined on: ${file.underwriting?.reasons.join(', ') || '–'}`}
            value={rules}
            onChange={setRules}
            error={errors.rules}
          >
            <Stack gap={6} mt={6}>
              {EXCEPTIONABLE_RULES.map((rule) => (
                <Checkbox key={rule} value={rule} label={EXCEPTIONABLE_RULE_TEXT[rule]} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Textarea
          label="Note (why)"
          value={note}
          error={errors.note}
          autosize
          minRows={2}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Text size="sm">
          {atOnce
            ? 'You take this decision at once.'
            : 'This decision is proposed: a different member who may approve decisions applies it.'}
        </Text>
        {decide.isError && (
          <Alert color="red" role="alert">
            {errorText(decide.error, 'The decision could not be made')}
          </Alert>
        )}
        {done && <Text role="status">{done}</Text>}
        <Group>
          <Button type="submit" loading={decide.isPending}>
            {atOnce ? 'Take decision' : 'Propose decision'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
