/**
 * Reports (/ops/reports/{funnel|step-times|pull-through|operations}): filters (date range, organisation
 * for platform staff, the stall thresholds), then each table of the server's answer drawn three ways
 * from the same rows: a bar chart (@mantine/charts), the data table under it (the chart's accessible
 * equivalent) and a CSV download of exactly those figures (reportCsv of the domain package).
 */
import '@mantine/charts/styles.css';
import { useState, type FormEvent } from 'react';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ScrollTable } from '../scroll-table';
import {
  REPORT_DEFAULT_ABANDONED_DAYS,
  REPORT_DEFAULT_STALLED_DAYS,
  REPORT_KINDS,
  REPORT_TITLES,
  ZReport,
  reportCsv,
  reportCsvName,
  type TReport,
  type TReportKind,
  type TReportTable,
  type TStaffSelf,
} from '@heloc/domain';
import { call } from '../api';
import { navigate } from '../console/location';

const BASE = '/service-ops/api/v1/reports';
/** Shade 8 of Mantine's palette: bars keep a 3:1 contrast on white. */
const COLOURS = [
  'blue.8',
  'orange.8',
  'teal.8',
  'grape.8',
  'red.8',
  'cyan.8',
  'lime.9',
  'pink.8',
  'indigo.8',
];

type Filters = { from: string; to: string; orgCode: string; stalledDays: string; abandonedDays: string };

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

function search(kind: TReportKind, filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.orgCode.trim()) params.set('orgCode', filters.orgCode.trim().toUpperCase());
  if (kind === 'step-times') {
    params.set('stalledDays', filters.stalledDays);
    params.set('abandonedDays', filters.abandonedDays);
  }
  return params.toString();
}

export default function Reports({ me, kind: asked }: { me: TStaffSelf; kind: string | undefined }) {
  const kind: TReportKind = REPORT_KINDS.includes(asked as TReportKind) ? (asked as TReportKind) : 'funnel';
  const initial: Filters = {
    from: daysAgo(29),
    to: daysAgo(0),
    orgCode: '',
    stalledDays: String(REPORT_DEFAULT_STALLED_DAYS),
    abandonedDays: String(REPORT_DEFAULT_ABANDONED_DAYS),
  };
  const [draft, setDraft] = useState<Filters>(initial);
  const [applied, setApplied] = useState<Filters>(initial);
  const query = search(kind, applied);
  const answer = useQuery({
    queryKey: ['report', kind, query],
    queryFn: () => call('GET', `${BASE}/${kind}?${query}`, ZReport),
    retry: false,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
  };
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [key]: event.currentTarget.value }),
  });

  return (
    <Stack>
      <Title order={2} size="h3">
        Reports
      </Title>
      <Tabs value={kind} onChange={(value) => value && navigate(`/reports/${value}`)} keepMounted={false}>
        <Tabs.List aria-label="Reports">
          {REPORT_KINDS.map((each) => (
            <Tabs.Tab key={each} value={each}>
              {REPORT_TITLES[each]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORT_KINDS.map((each) => (
          <Tabs.Panel key={each} value={each} pt="md">
            <Stack>
              <form onSubmit={apply} aria-label="Report filters">
                <Group align="flex-end" wrap="wrap">
                  <TextInput type="date" label="From" {...field('from')} />
                  <TextInput type="date" label="To (included)" {...field('to')} />
                  {me.orgCode === null && (
                    <TextInput
                      label="Organisation code"
                      description="Empty: every organisation"
                      {...field('orgCode')}
                    />
                  )}
                  {each === 'step-times' && (
                    <>
                      <TextInput
                        type="number"
                        min={1}
                        label="Stalled after (days)"
                        {...field('stalledDays')}
                      />
                      <TextInput
                        type="number"
                        min={2}
                        label="Abandoned after (days)"
                        {...field('abandonedDays')}
                      />
                    </>
                  )}
                  <Button type="submit">Show report</Button>
                </Group>
              </form>
              {answer.isPending && <Loader aria-label="Loading the report" />}
              {answer.isError && (
                <Alert color="red" role="alert" title="The report could not be shown">
                  {answer.error.message}
                </Alert>
              )}
              {answer.data && answer.data.report === each && <ReportView report={answer.data} />}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ReportView({ report }: { report: TReport }) {
  return (
    <Stack aria-live="polite">
      <Text size="sm">
        {report.orgCode ?? 'All organisations'} · {report.from} to {report.to} (UTC days)
      </Text>
      {report.tables.map((table) => (
        <ReportTableCard key={table.key} report={report} table={table} />
      ))}
    </Stack>
  );
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const cellText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function ReportTableCard({ report, table }: { report: TReport; table: TReportTable }) {
  const headingId = `report-${table.key}`;
  const label = (key: string) => table.columns.find((column) => column.key === key)?.label ?? key;
  const empty = table.rows.length === 0 || table.chart.series.length === 0;
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby={headingId}
      data-testid={`report-table-${table.key}`}
    >
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h4" id={headingId}>
            {table.title}
          </Title>
          <Button
            variant="default"
            size="xs"
            onClick={() => download(reportCsvName(report, table.key), reportCsv(table))}
          >
            Download CSV<VisuallyHidden>: {table.title}</VisuallyHidden>
          </Button>
        </Group>
        <Text size="sm" id={`${headingId}-description`}>
          {table.description}
        </Text>
        {empty ? (
          <Text size="sm">No figures for this range.</Text>
        ) : (
          // The chart is a picture of the table below (which screen readers read instead).
          <figure aria-hidden="true" style={{ margin: 0 }} data-testid="report-chart">
            <BarChart
              h={280}
              data={table.rows}
              dataKey={table.chart.x}
              type={table.chart.stacked ? 'stacked' : 'default'}
              series={table.chart.series.map((key, index) => ({
                name: key,
                label: label(key),
                color: COLOURS[index % COLOURS.length]!,
              }))}
              withLegend
              tickLine="y"
              barChartProps={{ accessibilityLayer: false }}
            />
          </figure>
        )}
        {/* A wide table (decline reasons: one column per reason) scrolls sideways, a long one (24 hours)
            down: its scroll box takes the keyboard's focus so it can be scrolled without a mouse (axe
            scrollable-region-focusable). */}
        <ScrollTable label={`Figures: ${table.title}`} minWidth={480}>
          <Table striped aria-describedby={`${headingId}-description`}>
            <Table.Caption>The figures of the chart: {table.title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column) => (
                  <Table.Th key={column.key} scope="col">
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, index) => (
                <Table.Tr key={index}>
                  {table.columns.map((column, position) =>
                    position === 0 ? (
                      <Table.Th key={column.key} scope="row">
                        {cellText(row[column.key])}
                      </Table.Th>
                    ) : (
                      <Table.Td key={column.key}>{cellText(row[column.key])}</Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Card>
  );
}
