/**
 * Exports (/ops/exports, members with REPORTS_EXPORT): the HMDA LAR of a year or a quarter. "Check"
 * runs the CFPB edits the server runs before every export and lists the failures (edit id, row, ULI,
 * the fields and their values); "Download LAR" saves the pipe-delimited file when they pass (the
 * server refuses a failing file with the same list).
 */
import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TStaffSelf } from '@heloc/domain';
import { ScrollTable } from '../scroll-table';
import { exportsApi, hmdaSearch, type THmdaReport } from './exports-api';

export function Exports({ me, now = new Date() }: { me: TStaffSelf; now?: Date }) {
  const [year, setYear] = useState(String(now.getUTCFullYear()));
  const [quarter, setQuarter] = useState('');
  const [orgCode, setOrgCode] = useState('');
  const [report, setReport] = useState<THmdaReport | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const search = hmdaSearch(year, quarter, orgCode);
  const check = useMutation({
    mutationFn: () => exportsApi.hmdaReport(search),
    onSuccess: (answer) => {
      setReport(answer);
      setNotice(null);
    },
  });
  const download = useMutation({
    mutationFn: () => exportsApi.downloadHmda(search),
    onSuccess: (name) => setNotice(`Downloaded ${name}`),
  });
  const error = check.error ?? download.error;
  return (
    <Stack maw={1100}>
      <Title order={2} size="h3">
        Exports
      </Title>
      <Title order={3} size="h4">
        HMDA loan/application register
      </Title>
      <Text size="sm">
        The CFPB’s pipe-delimited LAR: the transmittal sheet, then one row of 110 fields per application whose
        final action (originated, denied, withdrawn, closed for incompleteness) fell in the period. The
        syntactical and validity edits run before every export.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          check.mutate();
        }}
      >
        <Group align="flex-end">
          <TextInput label="Year" value={year} onChange={(e) => setYear(e.currentTarget.value)} w={100} />
          <NativeSelect
            label="Period"
            value={quarter}
            onChange={(e) => setQuarter(e.currentTarget.value)}
            data={[
              { value: '', label: 'Whole year (annual filing)' },
              { value: '1', label: 'Quarter 1' },
              { value: '2', label: 'Quarter 2' },
              { value: '3', label: 'Quarter 3' },
            ]}
          />
          {me.orgCode === null && (
            <TextInput
              label="Organisation code"
              value={orgCode}
              onChange={(e) => setOrgCode(e.currentTarget.value)}
              w={180}
            />
          )}
          <Button type="submit" loading={check.isPending}>
            Check edits
          </Button>
          <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
            Download LAR
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          Not exported: {error.message}
        </Alert>
      )}
      {notice && <Text role="status">{notice}</Text>}
      {report && <EditReport report={report} />}
    </Stack>
  );
}

function EditReport({ report }: { report: THmdaReport }) {
  return (
    <Stack gap="xs" data-testid="hmda-edit-report">
      {report.testLei && (
        <Alert color="yellow" role="note">
          This organisation’s LEI is test data: do not file this register.
        </Alert>
      )}
      <Text role="status">
        {report.rows} {report.rows === 1 ? 'application' : 'applications'} ·{' '}
        {report.passed
          ? `every edit passed (${report.edits.length} edits run)`
          : `${report.failures.length} edit ${report.failures.length === 1 ? 'failure' : 'failures'}`}
      </Text>
      {report.failures.length > 0 && (
        <ScrollTable label="Edit failures table" minWidth={640}>
          <Table striped withTableBorder aria-label="Edit failures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Edit</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>What is wrong</Table.Th>
                <Table.Th>Fields</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.failures.map((failure, index) => (
                <Table.Tr key={`${failure.edit}-${failure.row}-${index}`}>
                  <Table.Td>{failure.edit}</Table.Td>
                  <Table.Td>{failure.where}</Table.Td>
                  <Table.Td>{failure.message}</Table.Td>
                  <Table.Td>{failure.fields.join('; ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <details>
        <summary>The edits run ({report.edits.length})</summary>
        <ul>
          {report.edits.map((edit) => (
            <li key={`${edit.scope}-${edit.id}`}>
              {edit.id} ({edit.scope}): {edit.message}
            </li>
          ))}
        </ul>
      </details>
    </Stack>
  );
}
