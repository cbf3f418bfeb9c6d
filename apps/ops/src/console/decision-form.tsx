import {
  Alert,
  Button,
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
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  EXCEPTIONABLE_RULES,
  EXCEPTIONABLE_RULE_TEXT,
  OUT_OF_POLICY_DECISIONS,
  REG_B_REASONS,
  REG_B_REASON_TEXT,
  ZStaffDecisionRequest,
  parseDollarsToCents,
  type TApplicationFile,
  type TStaffDecisionType,
} from '@heloc/domain';
import { consoleApi } from './api';
import { DECISION_LABELS, errorText } from './decision-text';
import { money } from './format';
import { useRefreshFile } from './use-refresh-file';

/**
 * Take or propose a decision. The request is checked with the domain's own schema before it is
 * sent (1 to 4 reasons, OTHER with its words, a note); the server checks it again and answers 409
 * when the application cannot take it (a counter-offer outside offer selection, a line too high).
 */
export function DecisionForm({
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
