import { describe, expect, it } from 'vitest';
import { REG_B_REASONS } from '../schemas/decisions';
import { DECLINE_REASONS } from '../underwriting/eligibility';
import { ENGINE_TO_HMDA_DENIAL, hmdaDenialReasons, REG_B_TO_HMDA_DENIAL } from './denial-reasons';
import { buildLarRow, HMDA_ACTION, type THmdaApplicationFacts } from './lar';
import { buildTransmittalSheet, hmdaPeriodRange, larFileText, type THmdaReporter } from './transmittal';
import { HMDA_EDITS, runHmdaEdits } from './lar-edits';
import { LAR_FIELDS, LAR_FIELD_KEYS, type TLarRow } from './lar-fields';
import { isValidUli } from './uli';

const LEI = 'TESTLEI0000HARBOR000'; // 20 characters, test data
const reporter: THmdaReporter = {
  institutionName: 'Harborline Home Lending, Inc.',
  lei: LEI,
  taxId: '99-0000001',
  agencyCode: '9',
  contact: {
    name: 'HMDA Reporting',
    phone: '415-555-0100',
    email: 'hmda@harborline.example',
    street: '101 Mission Street',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
  },
};
const period = { year: 2026, quarter: null };

const base: THmdaApplicationFacts = {
  loanNumber: '1000000001',
  applicationDate: '2026-03-02',
  action: HMDA_ACTION.ORIGINATED,
  actionDate: '2026-04-10',
  lineCents: 15_000_000,
  property: { street: '2150 Capitol Ave', city: 'Sacramento', state: 'CA', zip: '95816' },
  hmda: {
    ethnicity: { declined: false, values: ['NOT_HISPANIC_OR_LATINO'] },
    race: { declined: false, values: ['ASIAN', 'WHITE'] },
    sex: { declined: false, values: ['FEMALE'] },
  },
  dateOfBirth: '1984-06-15',
  statedAnnualIncomeCents: 14_250_000,
  hasExistingLien: true,
  creditScore: 742,
  denialReasons: [],
  otherDenialReason: null,
  rateBps: 825,
  termYears: 30,
  dtiBps: 3650,
  cltvBps: 7125,
  propertyValueCents: 85_000_000,
  originatorNmls: '2104871',
  uwDecision: 'APPROVED',
};

const CASES: [string, THmdaApplicationFacts][] = [
  ['originated', base],
  [
    'denied by staff (Regulation B reasons, OTHER with words)',
    {
      ...base,
      loanNumber: '1000000002',
      action: HMDA_ACTION.DENIED,
      denialReasons: ['EXCESSIVE_OBLIGATIONS', 'INSUFFICIENT_INCOME', 'OTHER'],
      otherDenialReason: 'Property listed for sale',
      rateBps: null,
      termYears: null,
      uwDecision: 'DECLINE',
    },
  ],
  [
    'denied by the engine, HMDA never asked',
    {
      ...base,
      loanNumber: '1000000003',
      action: HMDA_ACTION.DENIED,
      hmda: null,
      denialReasons: ['CREDIT_SCORE_BELOW_FLOOR', 'STATE_NOT_LICENSED'],
      statedAnnualIncomeCents: null,
      hasExistingLien: false,
      creditScore: 580,
      uwDecision: 'DECLINE',
    },
  ],
  [
    'withdrawn, HMDA declined, both sexes',
    {
      ...base,
      loanNumber: '1000000004',
      action: HMDA_ACTION.WITHDRAWN,
      hmda: {
        ethnicity: { declined: true, values: [] },
        race: { declined: true, values: [] },
        sex: { declined: false, values: ['FEMALE', 'MALE'] },
      },
    },
  ],
  [
    'closed for incompleteness',
    { ...base, loanNumber: '1000000005', action: HMDA_ACTION.CLOSED_INCOMPLETE, dateOfBirth: null },
  ],
];
const rows = CASES.map(([, facts]) => buildLarRow(LEI, facts));
const ts = buildTransmittalSheet(reporter, period, rows.length);

describe('LAR rows', () => {
  it('the field list has the 110 fields of the filing instructions, each with a source', () => {
    expect(LAR_FIELDS).toHaveLength(110);
    expect(new Set(LAR_FIELD_KEYS).size).toBe(110);
    for (const [, name, source] of LAR_FIELDS) expect(name.length * source.length).toBeGreaterThan(0);
  });

  it.each(CASES)('%s: passes every edit', (_, facts) => {
    const row = buildLarRow(LEI, facts);
    expect(runHmdaEdits(period, buildTransmittalSheet(reporter, period, 1), [row])).toEqual([]);
    expect(isValidUli(row.uli)).toBe(true);
    expect(row.uli).toBe(`${LEI}${facts.loanNumber}${row.uli.slice(-2)}`);
    expect(row.openEndLineOfCredit).toBe('1');
  });

  it('originated: rate, term, ratios, value and demographics from the facts', () => {
    const row = rows[0]!;
    expect(row).toMatchObject({
      actionTaken: '1',
      actionTakenDate: '20260410',
      applicationDate: '20260302',
      loanAmount: '150000',
      interestRate: '8.25',
      loanTerm: '360',
      debtToIncomeRatio: '36.5',
      combinedLoanToValueRatio: '71.25',
      propertyValue: '850000',
      income: '143',
      age: '41',
      lienStatus: '2',
      creditScore: '742',
      creditScoreModel: '8',
      ethnicity1: '2',
      ethnicity2: '',
      race1: '2',
      race2: '5',
      race3: '',
      sex: '2',
      ethnicityObserved: '2',
      raceObserved: '2',
      sexObserved: '2',
      denialReason1: '10',
      denialReason2: '',
      hoepaStatus: '2',
      initiallyPayableToInstitution: '1',
      nmlsrId: '2104871',
      county: 'NA',
      censusTract: 'NA',
    });
  });

  it('denied: Regulation B reasons become distinct HMDA codes, OTHER keeps its words', () => {
    expect(rows[1]).toMatchObject({
      actionTaken: '3',
      denialReason1: '1',
      denialReason2: '9',
      denialReason3: '',
      denialReasonOther: 'Property listed for sale',
      interestRate: 'NA',
      hoepaStatus: '3',
    });
    expect(rows[2]).toMatchObject({
      denialReason1: '3',
      denialReason2: '9',
      denialReasonOther: 'Property state not licensed',
      ethnicity1: '3',
      race1: '6',
      sex: '3',
      income: 'NA',
      lienStatus: '1',
    });
  });

  it('withdrawn and closed: no score, no ratios; declined answers and both sexes', () => {
    expect(rows[3]).toMatchObject({
      actionTaken: '4',
      creditScore: '8888',
      creditScoreModel: '9',
      debtToIncomeRatio: 'NA',
      ethnicity1: '3',
      race1: '6',
      sex: '6',
    });
    expect(rows[4]).toMatchObject({ actionTaken: '5', age: '8888' });
  });

  it('every Regulation B and engine reason has an HMDA denial code', () => {
    for (const reason of REG_B_REASONS) expect(REG_B_TO_HMDA_DENIAL[reason]).toMatch(/^[1-9]$/);
    for (const reason of DECLINE_REASONS) expect(ENGINE_TO_HMDA_DENIAL[reason]).toMatch(/^[1-9]$/);
    expect(
      hmdaDenialReasons(
        [
          'BANKRUPTCY',
          'NO_CREDIT_FILE',
          'INSUFFICIENT_COLLATERAL',
          'UNABLE_TO_VERIFY_INCOME',
          'LENGTH_OF_EMPLOYMENT',
        ],
        null,
      ),
    ).toEqual({
      codes: ['3', '4', '6', '2'],
      otherText: '',
    });
  });

  it('the file: transmittal sheet of 15 fields, then rows of 110', () => {
    const lines = larFileText(ts, rows).trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]!.split('|')).toEqual([
      '1',
      'Harborline Home Lending, Inc.',
      '2026',
      '4',
      'HMDA Reporting',
      '415-555-0100',
      'hmda@harborline.example',
      '101 Mission Street',
      'San Francisco',
      'CA',
      '94105',
      '9',
      '5',
      '99-0000001',
      LEI,
    ]);
    for (const line of lines.slice(1)) expect(line.split('|')).toHaveLength(110);
  });

  it('a pipe in free text does not shift the fields', () => {
    const row = buildLarRow(LEI, { ...base, property: { ...base.property, street: '1 A|B St' } });
    expect(larFileText(ts, [row]).split('\n')[1]!.split('|')).toHaveLength(110);
  });

  it('periods: a year, or one of its first three quarters', () => {
    expect(hmdaPeriodRange({ year: 2026, quarter: null })).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(hmdaPeriodRange({ year: 2026, quarter: 3 })).toEqual({ from: '2026-07-01', to: '2026-10-01' });
  });
});

describe('edits fail on bad data', () => {
  const failing = (mutate: (row: TLarRow) => TLarRow, rowsOf = (row: TLarRow) => [row]) => {
    const list = rowsOf(mutate({ ...rows[0]! }));
    return runHmdaEdits(period, buildTransmittalSheet(reporter, period, list.length), list).map(
      (f) => f.edit,
    );
  };
  it.each<[string, (row: TLarRow) => TLarRow, string]>([
    [
      'wrong ULI check digits',
      (r) => ({ ...r, uli: `${r.uli.slice(0, -2)}${r.uli.endsWith('00') ? '01' : '00'}` }),
      'V609',
    ],
    ['a ULI with a symbol', (r) => ({ ...r, uli: `${r.uli.slice(0, 25)}#${r.uli.slice(26)}` }), 'V608-1'],
    ['an LEI of the wrong length', (r) => ({ ...r, lei: 'SHORT' }), 'V600'],
    ["an LEI not the transmittal sheet's", (r) => ({ ...r, lei: 'OTHERLEI000000000000' }), 'S301'],
    ['denied without a reason', (r) => ({ ...r, actionTaken: '3', denialReason1: '10' }), 'V670-1'],
    ['a reason on an originated loan', (r) => ({ ...r, denialReason1: '3' }), 'V670-2'],
    [
      'other without words',
      (r) => ({ ...r, actionTaken: '3', denialReason1: '9', denialReasonOther: '' }),
      'V671-1',
    ],
    ['a reason twice', (r) => ({ ...r, actionTaken: '3', denialReason1: '3', denialReason2: '3' }), 'V669-3'],
    [
      'withdrawn with a score',
      (r) => ({ ...r, actionTaken: '4', hoepaStatus: '3', denialReason1: '10' }),
      'V663',
    ],
    ['action date outside the year', (r) => ({ ...r, actionTakenDate: '20250110' }), 'V619-2'],
    ['action before application', (r) => ({ ...r, applicationDate: '20260501' }), 'V619-3'],
    ['an impossible date', (r) => ({ ...r, actionTakenDate: '20260231' }), 'V619-1'],
    ['a state that is not one', (r) => ({ ...r, state: 'XX' }), 'V623'],
    ['a bad ZIP code', (r) => ({ ...r, zipCode: '9581' }), 'V624'],
    ['an ethnicity twice', (r) => ({ ...r, ethnicity2: '2' }), 'V628-3'],
    ['race after "not provided"', (r) => ({ ...r, race1: '6' }), 'V635-4'],
    ['an unknown sex code', (r) => ({ ...r, sex: '5' }), 'V642-1'],
    ['HOEPA on a denial', (r) => ({ ...r, actionTaken: '3', denialReason1: '1' }), 'V658-2'],
    ['score 8888 with a model', (r) => ({ ...r, creditScore: '8888' }), 'V661'],
    ['a census tract of 10 digits', (r) => ({ ...r, censusTract: '0606700701' }), 'V625-1'],
    ['age 0', (r) => ({ ...r, age: '0' }), 'V651-1'],
  ])('%s → %s', (_, mutate, edit) => {
    expect(failing(mutate)).toContain(edit);
  });

  it('two rows with one ULI → S306; the same row twice → S305', () => {
    expect(
      failing(
        (r) => r,
        (r) => [r, { ...r, loanAmount: '1' }],
      ),
    ).toContain('S306');
    expect(
      failing(
        (r) => r,
        (r) => [r, r],
      ),
    ).toEqual(expect.arrayContaining(['S305', 'S306']));
  });

  it('transmittal sheet: no rows → V606; a wrong count → S304; a bad quarter, phone, tax id', () => {
    expect(runHmdaEdits(period, buildTransmittalSheet(reporter, period, 0), []).map((f) => f.edit)).toEqual([
      'V606',
    ]);
    expect(
      runHmdaEdits(period, buildTransmittalSheet(reporter, period, 2), [rows[0]!]).map((f) => f.edit),
    ).toEqual(['S304']);
    const bad = {
      ...ts,
      quarter: '2',
      contactPhone: '4155550100',
      taxId: '990000001',
      contactEmail: 'nobody',
      year: '2025',
    };
    expect(runHmdaEdits(period, bad, rows).map((f) => f.edit)).toEqual([
      'S302',
      'V602',
      'V603',
      'V607',
      'V717',
    ]);
    expect(runHmdaEdits({ year: 2026, quarter: 2 }, ts, rows).map((f) => f.edit)).toContain('V718');
  });

  it('a failure says where and which fields, readably', () => {
    const [failure] = runHmdaEdits(period, ts, [{ ...rows[0]!, zipCode: 'ABCDE' }, ...rows.slice(1)]);
    expect(failure).toMatchObject({
      edit: 'V624',
      row: 1,
      where: `Row 1 (ULI ${rows[0]!.uli})`,
      fields: ['16 ZIP Code: "ABCDE"'],
    });
  });

  it('every edit has an official id', () => {
    for (const edit of HMDA_EDITS) expect(edit.id).toMatch(/^[SV]\d{3}(-\d)?$/);
  });
});

describe('the README documents the LAR field by field', () => {
  it('its table has every field in order, with the same name and source', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const esc = (text: string) => text.replaceAll('|', '\\|');
    const rows = readme.split('\n').filter((line) => /^\| \d+ \| /.test(line) && line.includes('|'));
    const documented = LAR_FIELDS.map(
      ([, name, source], i) => `| ${i + 1} | ${esc(name)} | ${esc(source)} |`,
    );
    for (const row of documented) expect(rows, row).toContain(row);
  });
});
