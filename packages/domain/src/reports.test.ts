import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  REPORT_FUNNEL_STAGES,
  ZReportQuery,
  percentile,
  reportCsv,
  reportCsvName,
  reportRange,
} from './reports';
import { APPLICATION_STEPS } from './enums';

describe('percentile (nearest rank)', () => {
  it.each([
    [[], 50, Number.NaN],
    [[7], 50, 7],
    [[7], 90, 7],
    [[1, 2, 3, 4], 50, 2],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95, 10],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0, 1],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 100, 10],
  ])('of %j at p%i is %d', (values, p, expected) => {
    expect(percentile(values, p)).toEqual(expected);
  });

  it('is one of the values, and at least p% of the values are at or below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 1, max: 100 }),
        (values, p) => {
          const sorted = [...values].sort((a, b) => a - b);
          const result = percentile(sorted, p);
          expect(sorted).toContain(result);
          expect(sorted.filter((v) => v <= result).length / sorted.length).toBeGreaterThanOrEqual(p / 100);
          expect(sorted.filter((v) => v < result).length / sorted.length).toBeLessThan(p / 100);
        },
      ),
    );
  });
});

describe('reportCsv', () => {
  const columns = [
    { key: 'name', label: 'Loan officer', kind: 'text' as const },
    { key: 'n', label: 'Applications', kind: 'count' as const },
    { key: 'pct', label: 'Pull-through %', kind: 'percent' as const },
  ];
  it('writes the labels, then each row in column order (RFC 4180 quoting, empty for null)', () => {
    expect(
      reportCsv({
        columns,
        rows: [
          { name: 'Reyes, Jordan', n: 3, pct: 33.3 },
          { name: 'Say "hi"', n: 0, pct: null },
        ],
      }),
    ).toBe('Loan officer,Applications,Pull-through %\r\n"Reyes, Jordan",3,33.3\r\n"Say ""hi""",0,\r\n');
  });
  it('defuses text a spreadsheet would run as a formula, never numbers', () => {
    expect(reportCsv({ columns, rows: [{ name: '=HYPERLINK("x")', n: -1, pct: 0 }] })).toBe(
      'Loan officer,Applications,Pull-through %\r\n"\'=HYPERLINK(""x"")",-1,0\r\n',
    );
  });
  it('names the file after report, table, organisation and range', () => {
    expect(
      reportCsvName({ report: 'funnel', orgCode: null, from: '2026-01-01', to: '2026-01-31' }, 'stages'),
    ).toBe('funnel-stages-ALL-2026-01-01-2026-01-31.csv');
  });
});

describe('report query and range', () => {
  const now = new Date('2026-11-24T20:00:00Z');
  it('defaults to the last 30 UTC days, today included', () => {
    const range = reportRange(ZReportQuery.parse({}), now);
    expect(range).toEqual({
      from: '2026-10-26',
      to: '2026-11-24',
      since: new Date('2026-10-26T00:00:00Z'),
      until: new Date('2026-11-25T00:00:00Z'),
    });
  });
  it('covers whole days, both ends included', () => {
    expect(reportRange(ZReportQuery.parse({ from: '2026-02-01', to: '2026-02-01' }), now)).toMatchObject({
      since: new Date('2026-02-01T00:00:00Z'),
      until: new Date('2026-02-02T00:00:00Z'),
    });
  });
  it('refuses a range longer than 366 days, reversed dates, bad dates and thresholds', () => {
    expect(reportRange(ZReportQuery.parse({ from: '2024-01-01', to: '2024-12-31' }), now)).not.toHaveProperty(
      'problem',
    );
    expect(reportRange(ZReportQuery.parse({ from: '2024-01-01', to: '2025-01-01' }), now)).toEqual({
      problem: 'A report covers at most 366 days',
    });
    expect(ZReportQuery.safeParse({ from: '2026-02-02', to: '2026-02-01' }).success).toBe(false);
    expect(ZReportQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(ZReportQuery.safeParse({ stalledDays: '30', abandonedDays: '30' }).success).toBe(false);
    expect(ZReportQuery.parse({ orgCode: 'main' }).orgCode).toBe('MAIN');
  });
});

describe('funnel stages', () => {
  it('go from sessions to funded, telemetry first, then audited steps that exist', () => {
    expect(REPORT_FUNNEL_STAGES.map((s) => s.label)).toEqual([
      'Sessions',
      'Registered',
      'Offer shown',
      'Offer selected',
      'Submitted',
      'Signed',
      'Funded',
    ]);
    for (const stage of REPORT_FUNNEL_STAGES)
      if (stage.source === 'audit' && stage.toStep) expect(APPLICATION_STEPS).toContain(stage.toStep);
  });
});
