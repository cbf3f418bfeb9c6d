/**
 * The loan officers part of the settings form (issue 16 item 2): one group of fields per officer
 * (names as the borrower's card shows them, NMLS id, e-mail, phone, active), "Add a loan officer",
 * and no delete: an officer who left is made inactive (not offered for new referrals, kept on the
 * applications that name them). The form holds text; empty text is null in the document.
 */
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LOAN_OFFICER_FIELDS, type TSettingsLoanOfficer } from '@heloc/domain';

const TEXT_FIELDS = ['originatorName', 'brokerName', 'nmls', 'email', 'phoneNumber'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** An officer as the form edits it: every text field a string. */
export type OfficerRow = Record<TextField, string> & { uuid: string; active: boolean; isNew: boolean };

export const officerRowsOf = (officers: readonly TSettingsLoanOfficer[]): OfficerRow[] =>
  officers.map((officer) => ({
    uuid: officer.uuid,
    originatorName: officer.originatorName ?? '',
    brokerName: officer.brokerName ?? '',
    nmls: officer.nmls,
    email: officer.email ?? '',
    phoneNumber: officer.phoneNumber ?? '',
    active: officer.active,
    isNew: false,
  }));

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export const loanOfficersOf = (rows: readonly OfficerRow[]): TSettingsLoanOfficer[] =>
  rows.map((row) => ({
    uuid: row.uuid,
    originatorName: orNull(row.originatorName),
    brokerName: orNull(row.brokerName),
    nmls: row.nmls.trim(),
    email: orNull(row.email),
    phoneNumber: orNull(row.phoneNumber),
    active: row.active,
  }));

const title = (row: OfficerRow, index: number) =>
  `Loan officer ${index + 1}: ${row.originatorName || row.brokerName || 'no name (no card shown)'}`;

export function LoanOfficersFieldset({
  rows,
  onChange,
  problems,
}: {
  rows: OfficerRow[];
  onChange: (rows: OfficerRow[]) => void;
  /** Messages by document path (`loanOfficers.0.nmls`, or `loanOfficers` for the list). */
  problems: Record<string, string>;
}) {
  const update = (index: number, change: Partial<OfficerRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const add = () =>
    onChange([
      ...rows,
      {
        uuid: crypto.randomUUID(),
        originatorName: '',
        brokerName: '',
        nmls: '',
        email: '',
        phoneNumber: '',
        active: true,
        isNew: true,
      },
    ]);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text fw={700}>Loan officers</Text>
      </legend>
      <Text size="sm" mb="xs">
        The borrower&apos;s card shows the loan officer&apos;s name, the broker&apos;s name, or both. A loan
        officer is never deleted: clear &quot;Active&quot; and they are no longer offered for new referrals
        (their <code>?referrer=</code> link stops working) but stay on the applications that name them.
      </Text>
      {problems.loanOfficers && (
        <Text size="sm" c="red.9" role="alert">
          {problems.loanOfficers}
        </Text>
      )}
      <Stack gap="sm">
        {rows.map((row, index) => (
          <fieldset
            key={row.uuid}
            style={{ border: '1px solid #ced4da', borderRadius: 4, padding: 8, margin: 0 }}
          >
            <legend>
              <Text size="sm" fw={600}>
                {title(row, index)}
                {row.active ? '' : ' (inactive)'}
              </Text>
            </legend>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {TEXT_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={LOAN_OFFICER_FIELDS[field]}
                  value={row[field]}
                  onChange={(event) => update(index, { [field]: event.currentTarget.value })}
                  error={problems[`loanOfficers.${index}.${field}`]}
                />
              ))}
              <Checkbox
                mt="lg"
                label={LOAN_OFFICER_FIELDS.active}
                checked={row.active}
                onChange={(event) => update(index, { active: event.currentTarget.checked })}
                error={problems[`loanOfficers.${index}.active`]}
              />
            </SimpleGrid>
            <Group mt={4} gap="sm">
              <Text size="xs">
                Id {row.uuid}
                {row.isNew ? ' (new: saved with the draft)' : ''}
              </Text>
              {row.isNew && (
                // Only an officer not saved yet may go: a saved one is made inactive instead.
                <Button
                  type="button"
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onChange(rows.filter((_, at) => at !== index))}
                >
                  Remove {title(row, index)}
                </Button>
              )}
            </Group>
          </fieldset>
        ))}
      </Stack>
      <Group mt="sm">
        <Button type="button" variant="default" onClick={add}>
          Add a loan officer
        </Button>
      </Group>
    </fieldset>
  );
}
