/**
 * A subset of the CFPB's syntactical (S) and validity (V) edits for the HMDA LAR, each under its
 * official id (the HMDA platform's rule names, e.g. V608-1), run before an export: the ones that
 * concern the fields the platform fills (LAR_FIELDS). Quality (Q) and macro edits are not run, nor
 * the edits on fields we always write as NA or as a fixed code no edit can fail.
 *
 * Each edit's test is written from the edit's description in the filing instructions guide; none is
 * copied. HMDA_EDITS lists them (the README shows the list).
 */
import { US_STATE_CODES } from '../us-states';
import { LAR_FIELD_NAMES, larFieldNumber, type TLarFieldKey, type TLarRow } from './lar-fields';
import type { THmdaPeriod, TTransmittalSheet } from './lar';
import { isValidUli, ULI_MAX_LENGTH, ULI_MIN_LENGTH } from './uli';

export type THmdaEditFailure = {
  /** Official edit id, e.g. "V608-1". */
  edit: string;
  /** "Transmittal sheet" or "Row 3 (ULI …)". */
  where: string;
  /** 1-based LAR row (0: the transmittal sheet or the file as a whole). */
  row: number;
  uli: string | null;
  fields: string[];
  message: string;
};

type LarEdit = {
  id: string;
  fields: TLarFieldKey[];
  message: string;
  passes: (lar: TLarRow, ctx: EditContext) => boolean;
};
type TsEdit = { id: string; message: string; passes: (ts: TTransmittalSheet, ctx: EditContext) => boolean };
type EditContext = { period: THmdaPeriod; ts: TTransmittalSheet };

const STATES = new Set<string>(US_STATE_CODES);
const isDate = (value: string) => {
  if (!/^\d{8}$/.test(value)) return false;
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replaceAll('-', '') === value;
};
const isZip = (value: string) => /^\d{5}(-\d{4})?$/.test(value);
const isNumber = (value: string) => /^-?\d+(\.\d+)?$/.test(value);
const oneOf =
  (...codes: string[]) =>
  (value: string) =>
    codes.includes(value);
const DENIED = ['3', '7'];

/** The transmittal sheet edits. */
export const TS_EDITS: readonly TsEdit[] = [
  {
    id: 'S300',
    message: 'The transmittal sheet must be the first row, record identifier 1',
    passes: (ts) => ts.recordIdentifier === '1',
  },
  {
    id: 'S302',
    message: 'The reporting year must be the year of the filing period',
    passes: (ts, { period }) => ts.year === String(period.year),
  },
  { id: 'V600', message: 'The LEI must be 20 characters', passes: (ts) => ts.lei.length === 20 },
  {
    id: 'V601',
    message: 'Financial institution name, contact name, contact e-mail, street and city must be present',
    passes: (ts) =>
      [ts.institutionName, ts.contactName, ts.contactEmail, ts.contactStreet, ts.contactCity].every(
        (v) => v.trim() !== '',
      ),
  },
  {
    id: 'V602',
    message: 'The calendar quarter of an annual filing must be 4',
    passes: (ts, { period }) => period.quarter !== null || ts.quarter === '4',
  },
  {
    id: 'V603',
    message: 'The contact phone must be 999-999-9999',
    passes: (ts) => /^\d{3}-\d{3}-\d{4}$/.test(ts.contactPhone),
  },
  {
    id: 'V604',
    message: 'The contact state must be a US state code',
    passes: (ts) => STATES.has(ts.contactState),
  },
  {
    id: 'V605',
    message: 'The contact ZIP code must be 99999 or 99999-9999',
    passes: (ts) => isZip(ts.contactZip),
  },
  {
    id: 'V606',
    message: 'The total number of entries must be greater than 0',
    passes: (ts) => Number(ts.totalLines) > 0,
  },
  {
    id: 'V607',
    message: 'The federal tax id must be 99-9999999',
    passes: (ts) => /^\d{2}-\d{7}$/.test(ts.taxId),
  },
  {
    id: 'V717',
    message: 'The contact e-mail must be an e-mail address',
    passes: (ts) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(ts.contactEmail),
  },
  {
    id: 'V718',
    message: 'The calendar quarter of a quarterly filing must be its quarter',
    passes: (ts, { period }) => period.quarter === null || ts.quarter === String(period.quarter),
  },
];

/** The LAR row edits. */
export const LAR_EDITS: readonly LarEdit[] = [
  {
    id: 'S300',
    fields: ['recordIdentifier'],
    message: 'A LAR row has record identifier 2',
    passes: (lar) => lar.recordIdentifier === '2',
  },
  {
    id: 'S301',
    fields: ['lei'],
    message: "The LEI must be the transmittal sheet's",
    passes: (lar, { ts }) => lar.lei.toLowerCase() === ts.lei.toLowerCase(),
  },
  {
    id: 'V600',
    fields: ['lei'],
    message: 'The LEI must be 20 characters',
    passes: (lar) => lar.lei.length === 20,
  },
  {
    id: 'V608-1',
    fields: ['uli'],
    message: `A ULI must be ${ULI_MIN_LENGTH}–${ULI_MAX_LENGTH} letters and digits`,
    passes: (lar) =>
      lar.uli.length < ULI_MIN_LENGTH || (/^[0-9A-Za-z]+$/.test(lar.uli) && lar.uli.length <= ULI_MAX_LENGTH),
  },
  {
    id: 'V609',
    fields: ['uli'],
    message: 'The ULI check digits are wrong',
    passes: (lar) => lar.uli.length <= 22 || isValidUli(lar.uli),
  },
  {
    id: 'V610-1',
    fields: ['applicationDate'],
    message: 'The application date must be a date YYYYMMDD or NA',
    passes: (lar) => isDate(lar.applicationDate) || lar.applicationDate === 'NA',
  },
  {
    id: 'V611',
    fields: ['loanType'],
    message: 'Loan type must be 1, 2, 3 or 4',
    passes: (lar) => oneOf('1', '2', '3', '4')(lar.loanType),
  },
  {
    id: 'V612-1',
    fields: ['loanPurpose'],
    message: 'Loan purpose must be 1, 2, 31, 32, 4 or 5',
    passes: (lar) => oneOf('1', '2', '31', '32', '4', '5')(lar.loanPurpose),
  },
  {
    id: 'V613-1',
    fields: ['preapproval'],
    message: 'Preapproval must be 1 or 2',
    passes: (lar) => oneOf('1', '2')(lar.preapproval),
  },
  {
    id: 'V613-3',
    fields: ['actionTaken', 'preapproval'],
    message: 'A denied, withdrawn or closed application cannot have requested a preapproval',
    passes: (lar) => !['3', '4', '5', '6'].includes(lar.actionTaken) || lar.preapproval === '2',
  },
  {
    id: 'V614-4',
    fields: ['openEndLineOfCredit', 'preapproval'],
    message: 'An open-end line of credit cannot be a preapproval request',
    passes: (lar) => lar.openEndLineOfCredit !== '1' || lar.preapproval === '2',
  },
  {
    id: 'V615-1',
    fields: ['constructionMethod'],
    message: 'Construction method must be 1 or 2',
    passes: (lar) => oneOf('1', '2')(lar.constructionMethod),
  },
  {
    id: 'V616',
    fields: ['occupancyType'],
    message: 'Occupancy type must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.occupancyType),
  },
  {
    id: 'V617',
    fields: ['loanAmount'],
    message: 'The loan amount must be a number of dollars',
    passes: (lar) => /^\d+$/.test(lar.loanAmount) && Number(lar.loanAmount) >= 0,
  },
  {
    id: 'V618',
    fields: ['actionTaken'],
    message: 'Action taken must be 1 to 8',
    passes: (lar) => oneOf('1', '2', '3', '4', '5', '6', '7', '8')(lar.actionTaken),
  },
  {
    id: 'V619-1',
    fields: ['actionTakenDate'],
    message: 'The action taken date must be a date YYYYMMDD',
    passes: (lar) => isDate(lar.actionTakenDate),
  },
  {
    id: 'V619-2',
    fields: ['actionTakenDate'],
    message: 'The action taken date must be in the reporting year',
    passes: (lar, { period }) => lar.actionTakenDate.slice(0, 4) === String(period.year),
  },
  {
    id: 'V619-3',
    fields: ['actionTakenDate', 'applicationDate'],
    message: 'The action taken date cannot be before the application date',
    passes: (lar) =>
      lar.applicationDate === 'NA' ||
      lar.actionTaken === '6' ||
      Number(lar.actionTakenDate) >= Number(lar.applicationDate),
  },
  {
    id: 'V620',
    fields: ['street'],
    message: 'The street address must be present',
    passes: (lar) => lar.street.trim() !== '',
  },
  {
    id: 'V621',
    fields: ['city'],
    message: 'The city must be present',
    passes: (lar) => lar.city.trim() !== '',
  },
  {
    id: 'V622',
    fields: ['street', 'city', 'state', 'zipCode'],
    message: 'With a street address, city, state and ZIP code cannot be NA',
    passes: (lar) =>
      ['NA', 'Exempt'].includes(lar.street) || ![lar.city, lar.state, lar.zipCode].includes('NA'),
  },
  {
    id: 'V623',
    fields: ['state'],
    message: 'The state must be a US state code or NA',
    passes: (lar) => lar.state === 'NA' || STATES.has(lar.state),
  },
  {
    id: 'V624',
    fields: ['zipCode'],
    message: 'The ZIP code must be 99999, 99999-9999, NA or Exempt',
    passes: (lar) => ['NA', 'Exempt'].includes(lar.zipCode) || isZip(lar.zipCode),
  },
  {
    id: 'V625-1',
    fields: ['censusTract'],
    message: 'The census tract must be 11 digits or NA',
    passes: (lar) => lar.censusTract.toUpperCase() === 'NA' || /^\d{11}$/.test(lar.censusTract),
  },
  {
    id: 'V628-1',
    fields: ['ethnicity1'],
    message: 'Ethnicity 1 must be 1, 11, 12, 13, 14, 2, 3 or 4',
    passes: (lar) => oneOf('1', '11', '12', '13', '14', '2', '3', '4')(lar.ethnicity1),
  },
  {
    id: 'V628-2',
    fields: ['ethnicity2', 'ethnicity3', 'ethnicity4', 'ethnicity5'],
    message: 'Ethnicities 2–5 must be blank, 1, 11, 12, 13, 14 or 2',
    passes: (lar) =>
      [lar.ethnicity2, lar.ethnicity3, lar.ethnicity4, lar.ethnicity5].every(
        oneOf('', '1', '11', '12', '13', '14', '2'),
      ),
  },
  {
    id: 'V628-3',
    fields: ['ethnicity1', 'ethnicity2', 'ethnicity3', 'ethnicity4', 'ethnicity5'],
    message: 'An ethnicity is reported twice',
    passes: (lar) => {
      const values = [lar.ethnicity1, lar.ethnicity2, lar.ethnicity3, lar.ethnicity4, lar.ethnicity5].filter(
        Boolean,
      );
      return new Set(values).size === values.length;
    },
  },
  {
    id: 'V628-4',
    fields: ['ethnicity1', 'ethnicity2'],
    message: 'With ethnicity 1 "not provided" or "not applicable", ethnicities 2–5 must be blank',
    passes: (lar) =>
      !['3', '4'].includes(lar.ethnicity1) ||
      [lar.ethnicity2, lar.ethnicity3, lar.ethnicity4, lar.ethnicity5].every((v) => v === ''),
  },
  {
    id: 'V629-1',
    fields: ['ethnicityObserved'],
    message: 'Ethnicity collected by visual observation or surname must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.ethnicityObserved),
  },
  {
    id: 'V634',
    fields: ['coEthnicity1', 'coEthnicityObserved'],
    message: 'No co-applicant (5) and its observation code (4) go together',
    passes: (lar) => (lar.coEthnicity1 === '5') === (lar.coEthnicityObserved === '4'),
  },
  {
    id: 'V635-1',
    fields: ['race1'],
    message: 'Race 1 must be 1, 2, 21–27, 3, 4, 41–44, 5, 6 or 7',
    passes: (lar) =>
      oneOf(
        '1',
        '2',
        '21',
        '22',
        '23',
        '24',
        '25',
        '26',
        '27',
        '3',
        '4',
        '41',
        '42',
        '43',
        '44',
        '5',
        '6',
        '7',
      )(lar.race1),
  },
  {
    id: 'V635-3',
    fields: ['race1', 'race2', 'race3', 'race4', 'race5'],
    message: 'A race is reported twice',
    passes: (lar) => {
      const values = [lar.race1, lar.race2, lar.race3, lar.race4, lar.race5].filter(Boolean);
      return new Set(values).size === values.length;
    },
  },
  {
    id: 'V635-4',
    fields: ['race1', 'race2'],
    message: 'With race 1 "not provided" or "not applicable", races 2–5 must be blank',
    passes: (lar) =>
      !['6', '7'].includes(lar.race1) || [lar.race2, lar.race3, lar.race4, lar.race5].every((v) => v === ''),
  },
  {
    id: 'V636-1',
    fields: ['raceObserved'],
    message: 'Race collected by visual observation or surname must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.raceObserved),
  },
  {
    id: 'V641',
    fields: ['coRace1', 'coRaceObserved'],
    message: 'No co-applicant (8) and its observation code (4) go together',
    passes: (lar) => (lar.coRace1 === '8') === (lar.coRaceObserved === '4'),
  },
  {
    id: 'V642-1',
    fields: ['sex'],
    message: 'Sex must be 1, 2, 3, 4 or 6',
    passes: (lar) => oneOf('1', '2', '3', '4', '6')(lar.sex),
  },
  {
    id: 'V642-2',
    fields: ['sexObserved'],
    message: 'Sex collected by visual observation or surname must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.sexObserved),
  },
  {
    id: 'V643',
    fields: ['sexObserved', 'sex'],
    message: 'Sex collected by visual observation must be 1 or 2',
    passes: (lar) => lar.sexObserved !== '1' || oneOf('1', '2')(lar.sex),
  },
  {
    id: 'V651-1',
    fields: ['age'],
    message: 'The age must be a number greater than 0',
    passes: (lar) => /^\d+$/.test(lar.age) && Number(lar.age) > 0,
  },
  {
    id: 'V654-1',
    fields: ['income'],
    message: 'Income must be a whole number (thousands) or NA',
    passes: (lar) => lar.income === 'NA' || /^-?\d+$/.test(lar.income),
  },
  {
    id: 'V656-1',
    fields: ['purchaserType'],
    message: 'Type of purchaser must be 0, 1, 2, 3, 4, 5, 6, 71, 72, 8 or 9',
    passes: (lar) => oneOf('0', '1', '2', '3', '4', '5', '6', '71', '72', '8', '9')(lar.purchaserType),
  },
  {
    id: 'V658-1',
    fields: ['hoepaStatus'],
    message: 'HOEPA status must be 1, 2 or 3',
    passes: (lar) => oneOf('1', '2', '3')(lar.hoepaStatus),
  },
  {
    id: 'V658-2',
    fields: ['hoepaStatus', 'actionTaken'],
    message: 'HOEPA status must be 3 unless the loan was originated or purchased',
    passes: (lar) => !['2', '3', '4', '5', '7', '8'].includes(lar.actionTaken) || lar.hoepaStatus === '3',
  },
  {
    id: 'V659',
    fields: ['lienStatus'],
    message: 'Lien status must be 1 or 2',
    passes: (lar) => oneOf('1', '2')(lar.lienStatus),
  },
  {
    id: 'V660-1',
    fields: ['creditScore'],
    message: 'The credit score must be a number',
    passes: (lar) => /^\d+$/.test(lar.creditScore),
  },
  {
    id: 'V661',
    fields: ['creditScore', 'creditScoreModel'],
    message: 'Credit score 8888 and scoring model 9 (not applicable) go together',
    passes: (lar) => (lar.creditScore === '8888') === (lar.creditScoreModel === '9'),
  },
  {
    id: 'V662-1',
    fields: ['creditScoreModel', 'creditScoreModelOther'],
    message: 'Scoring model 8 (other) needs its name, and only 8 has one',
    passes: (lar) => (lar.creditScoreModel === '8') === (lar.creditScoreModelOther.trim() !== ''),
  },
  {
    id: 'V663',
    fields: ['actionTaken', 'creditScore', 'creditScoreModel'],
    message: 'A withdrawn or closed application reports credit score 8888 and model 9',
    passes: (lar) =>
      !['4', '5', '6'].includes(lar.actionTaken) ||
      (lar.creditScore === '8888' && lar.creditScoreModel === '9' && lar.creditScoreModelOther === ''),
  },
  {
    id: 'V669-1',
    fields: ['denialReason1'],
    message: 'Reason for denial 1 must be 1 to 10',
    passes: (lar) => oneOf('1', '2', '3', '4', '5', '6', '7', '8', '9', '10')(lar.denialReason1),
  },
  {
    id: 'V669-2',
    fields: ['denialReason2', 'denialReason3', 'denialReason4'],
    message: 'Reasons for denial 2–4 must be blank or 1 to 9',
    passes: (lar) =>
      [lar.denialReason2, lar.denialReason3, lar.denialReason4].every(
        oneOf('', '1', '2', '3', '4', '5', '6', '7', '8', '9'),
      ),
  },
  {
    id: 'V669-3',
    fields: ['denialReason1', 'denialReason2', 'denialReason3', 'denialReason4'],
    message: 'A reason for denial is reported twice',
    passes: (lar) => {
      const values = [lar.denialReason1, lar.denialReason2, lar.denialReason3, lar.denialReason4].filter(
        Boolean,
      );
      return new Set(values).size === values.length;
    },
  },
  {
    id: 'V669-4',
    fields: ['denialReason1', 'denialReason2'],
    message: 'With reason 1 "not applicable", reasons 2–4 must be blank',
    passes: (lar) =>
      lar.denialReason1 !== '10' ||
      [lar.denialReason2, lar.denialReason3, lar.denialReason4].every((v) => v === ''),
  },
  {
    id: 'V670-1',
    fields: ['actionTaken', 'denialReason1'],
    message: 'A denied application needs a reason for denial',
    passes: (lar) =>
      !DENIED.includes(lar.actionTaken) ||
      oneOf('1', '2', '3', '4', '5', '6', '7', '8', '9')(lar.denialReason1),
  },
  {
    id: 'V670-2',
    fields: ['actionTaken', 'denialReason1'],
    message: 'Only a denied application has a reason for denial',
    passes: (lar) =>
      !oneOf('1', '2', '3', '4', '5', '6', '7', '8', '9')(lar.denialReason1) ||
      DENIED.includes(lar.actionTaken),
  },
  {
    id: 'V671-1',
    fields: ['denialReasonOther'],
    message: 'Reason for denial 9 (other) needs its words, and only 9 has them',
    passes: (lar) =>
      [lar.denialReason1, lar.denialReason2, lar.denialReason3, lar.denialReason4].includes('9') ===
      (lar.denialReasonOther.trim() !== ''),
  },
  {
    id: 'V681-1',
    fields: ['combinedLoanToValueRatio'],
    message: 'The CLTV must be a number greater than 0, NA or Exempt',
    passes: (lar) =>
      ['NA', 'Exempt'].includes(lar.combinedLoanToValueRatio) ||
      (isNumber(lar.combinedLoanToValueRatio) && Number(lar.combinedLoanToValueRatio) > 0),
  },
  {
    id: 'V688-1',
    fields: ['propertyValue'],
    message: 'The property value must be a number greater than 0, NA or Exempt',
    passes: (lar) =>
      ['NA', 'Exempt'].includes(lar.propertyValue) ||
      (isNumber(lar.propertyValue) && Number(lar.propertyValue) > 0),
  },
  {
    id: 'V693-1',
    fields: ['submissionOfApplication'],
    message: 'Submission of application must be 1, 2, 3 or 1111',
    passes: (lar) => oneOf('1', '2', '3', '1111')(lar.submissionOfApplication),
  },
  {
    id: 'V699',
    fields: ['reverseMortgage'],
    message: 'Reverse mortgage must be 1, 2 or 1111',
    passes: (lar) => oneOf('1', '2', '1111')(lar.reverseMortgage),
  },
  {
    id: 'V704-1',
    fields: ['openEndLineOfCredit'],
    message: 'Open-end line of credit must be 1, 2 or 1111',
    passes: (lar) => oneOf('1', '2', '1111')(lar.openEndLineOfCredit),
  },
];

/** Every edit run, for the README and the export screen. */
export const HMDA_EDITS: readonly { id: string; scope: 'TS' | 'LAR' | 'FILE'; message: string }[] = [
  ...TS_EDITS.map(({ id, message }) => ({ id, scope: 'TS' as const, message })),
  ...LAR_EDITS.map(({ id, message }) => ({ id, scope: 'LAR' as const, message })),
  {
    id: 'S304',
    scope: 'FILE',
    message: "The transmittal sheet's total lines must equal the number of LAR rows",
  },
  { id: 'S305', scope: 'FILE', message: 'No two LAR rows may be the same' },
  { id: 'S306', scope: 'FILE', message: 'No two LAR rows may have the same ULI' },
];

/** Runs every edit over the transmittal sheet and rows; an empty list means the file passes. */
export function runHmdaEdits(
  period: THmdaPeriod,
  ts: TTransmittalSheet,
  rows: readonly TLarRow[],
): THmdaEditFailure[] {
  const ctx: EditContext = { period, ts };
  const failures: THmdaEditFailure[] = [];
  const fileFailure = (edit: string, message: string) =>
    failures.push({ edit, where: 'Transmittal sheet', row: 0, uli: null, fields: [], message });
  for (const edit of TS_EDITS) if (!edit.passes(ts, ctx)) fileFailure(edit.id, edit.message);
  rows.forEach((lar, index) => {
    for (const edit of LAR_EDITS)
      if (!edit.passes(lar, ctx))
        failures.push({
          edit: edit.id,
          where: `Row ${index + 1} (ULI ${lar.uli})`,
          row: index + 1,
          uli: lar.uli,
          fields: edit.fields.map((key) => `${larFieldNumber(key)} ${LAR_FIELD_NAMES[key]}: "${lar[key]}"`),
          message: edit.message,
        });
  });
  if (ts.totalLines !== String(rows.length))
    fileFailure('S304', `The transmittal sheet says ${ts.totalLines} rows, the file has ${rows.length}`);
  const rowTexts = rows.map((row) => JSON.stringify(row));
  if (new Set(rowTexts).size !== rowTexts.length) fileFailure('S305', 'Two LAR rows are the same');
  const ulis = rows.map((row) => row.uli.toUpperCase());
  if (new Set(ulis).size !== ulis.length) fileFailure('S306', 'Two LAR rows have the same ULI');
  return failures;
}
