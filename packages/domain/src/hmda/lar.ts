/**
 * The HMDA loan/application register (Regulation C) of an organisation for a year or a quarter:
 * which applications are reportable, each one's 110-field row from the platform's facts, the
 * transmittal sheet, and the file (pipe-delimited, transmittal sheet first). Field sources and NA
 * reasons: LAR_FIELDS (lar-fields.ts); the edits run before export: lar-edits.ts.
 */
import { ageOn } from '../schemas/auth';
import { REG_B_REASON_TEXT, type TRegBReason } from '../schemas/decisions';
import type { DeclineReason } from '../underwriting/eligibility';
import { LAR_FIELD_KEYS, type TLarRow } from './lar-fields';
import { buildUli } from './uli';

/** HMDA's denial reason codes (filing instructions guide, field "Reason for Denial"). */
export const HMDA_DENIAL = {
  DEBT_TO_INCOME: '1',
  EMPLOYMENT_HISTORY: '2',
  CREDIT_HISTORY: '3',
  COLLATERAL: '4',
  INSUFFICIENT_CASH: '5',
  UNVERIFIABLE_INFORMATION: '6',
  CREDIT_APPLICATION_INCOMPLETE: '7',
  MORTGAGE_INSURANCE_DENIED: '8',
  OTHER: '9',
  NOT_APPLICABLE: '10',
} as const;
type THmdaDenialCode = (typeof HMDA_DENIAL)[keyof typeof HMDA_DENIAL];

/** Every Regulation B reason (staff declines) as the HMDA denial reason it falls under. */
export const REG_B_TO_HMDA_DENIAL: Record<TRegBReason, THmdaDenialCode> = {
  CREDIT_APPLICATION_INCOMPLETE: HMDA_DENIAL.CREDIT_APPLICATION_INCOMPLETE,
  INSUFFICIENT_CREDIT_REFERENCES: HMDA_DENIAL.CREDIT_HISTORY,
  UNACCEPTABLE_CREDIT_REFERENCES: HMDA_DENIAL.CREDIT_HISTORY,
  UNABLE_TO_VERIFY_CREDIT_REFERENCES: HMDA_DENIAL.UNVERIFIABLE_INFORMATION,
  TEMPORARY_OR_IRREGULAR_EMPLOYMENT: HMDA_DENIAL.EMPLOYMENT_HISTORY,
  UNABLE_TO_VERIFY_EMPLOYMENT: HMDA_DENIAL.UNVERIFIABLE_INFORMATION,
  LENGTH_OF_EMPLOYMENT: HMDA_DENIAL.EMPLOYMENT_HISTORY,
  INSUFFICIENT_INCOME: HMDA_DENIAL.DEBT_TO_INCOME,
  EXCESSIVE_OBLIGATIONS: HMDA_DENIAL.DEBT_TO_INCOME,
  UNABLE_TO_VERIFY_INCOME: HMDA_DENIAL.UNVERIFIABLE_INFORMATION,
  LENGTH_OF_RESIDENCE: HMDA_DENIAL.OTHER,
  TEMPORARY_RESIDENCE: HMDA_DENIAL.OTHER,
  UNABLE_TO_VERIFY_RESIDENCE: HMDA_DENIAL.UNVERIFIABLE_INFORMATION,
  NO_CREDIT_FILE: HMDA_DENIAL.CREDIT_HISTORY,
  LIMITED_CREDIT_EXPERIENCE: HMDA_DENIAL.CREDIT_HISTORY,
  POOR_CREDIT_PERFORMANCE_WITH_US: HMDA_DENIAL.CREDIT_HISTORY,
  DELINQUENT_CREDIT_OBLIGATIONS: HMDA_DENIAL.CREDIT_HISTORY,
  COLLECTION_ACTION_OR_JUDGMENT: HMDA_DENIAL.CREDIT_HISTORY,
  GARNISHMENT_OR_ATTACHMENT: HMDA_DENIAL.CREDIT_HISTORY,
  FORECLOSURE_OR_REPOSSESSION: HMDA_DENIAL.CREDIT_HISTORY,
  BANKRUPTCY: HMDA_DENIAL.CREDIT_HISTORY,
  NUMBER_OF_RECENT_INQUIRIES: HMDA_DENIAL.CREDIT_HISTORY,
  INSUFFICIENT_COLLATERAL: HMDA_DENIAL.COLLATERAL,
  OTHER: HMDA_DENIAL.OTHER,
};

/** The underwriting engine's own decline reasons (automatic declines) as HMDA denial reasons. */
export const ENGINE_TO_HMDA_DENIAL: Record<DeclineReason | 'CREDIT_DECLINE_INDICATOR', THmdaDenialCode> = {
  NO_CREDIT_SCORE: HMDA_DENIAL.CREDIT_HISTORY,
  CREDIT_SCORE_BELOW_FLOOR: HMDA_DENIAL.CREDIT_HISTORY,
  CREDIT_DECLINE_INDICATOR: HMDA_DENIAL.CREDIT_HISTORY,
  DTI_ABOVE_CAP: HMDA_DENIAL.DEBT_TO_INCOME,
  CLTV_ABOVE_CAP: HMDA_DENIAL.COLLATERAL,
  PROPERTY_CONDITION: HMDA_DENIAL.COLLATERAL,
  STATE_NOT_LICENSED: HMDA_DENIAL.OTHER,
  LINE_BELOW_MINIMUM: HMDA_DENIAL.OTHER,
  LINE_ABOVE_MAXIMUM: HMDA_DENIAL.OTHER,
};
/** The words written for an engine reason that maps to 9 (other). */
const ENGINE_OTHER_TEXT: Partial<Record<DeclineReason, string>> = {
  STATE_NOT_LICENSED: 'Property state not licensed',
  LINE_BELOW_MINIMUM: 'Line below program minimum',
  LINE_ABOVE_MAXIMUM: 'Line above program maximum',
};

/**
 * The denial reason fields of a decline: its reasons mapped, distinct, at most four (HMDA allows
 * four), and the words of those that are "other". Unknown reason codes are skipped (an edit then
 * reports a denial without a reason rather than the export inventing one).
 */
export function hmdaDenialReasons(
  reasons: readonly string[],
  otherReason: string | null,
): { codes: string[]; otherText: string } {
  const codes: string[] = [];
  const other: string[] = [];
  for (const reason of reasons) {
    let code: string | undefined;
    let text: string | undefined;
    if (reason in REG_B_TO_HMDA_DENIAL) {
      code = REG_B_TO_HMDA_DENIAL[reason as TRegBReason];
      text = reason === 'OTHER' ? (otherReason ?? undefined) : REG_B_REASON_TEXT[reason as TRegBReason];
    } else if (reason in ENGINE_TO_HMDA_DENIAL) {
      code = ENGINE_TO_HMDA_DENIAL[reason as DeclineReason];
      text = ENGINE_OTHER_TEXT[reason as DeclineReason];
    }
    if (!code) continue;
    if (code === HMDA_DENIAL.OTHER && text && !other.includes(text)) other.push(text);
    if (!codes.includes(code) && codes.length < 4) codes.push(code);
  }
  return { codes, otherText: codes.includes(HMDA_DENIAL.OTHER) ? other.join('; ').slice(0, 255) : '' };
}

/** HMDA action taken codes the platform produces. */
export const HMDA_ACTION = {
  ORIGINATED: '1',
  DENIED: '3',
  WITHDRAWN: '4',
  CLOSED_INCOMPLETE: '5',
} as const;
export type THmdaAction = (typeof HMDA_ACTION)[keyof typeof HMDA_ACTION];

/** The borrower's HMDA answers as the HMDA step stores them (ZHmdaInput). */
export type THmdaAnswers = {
  ethnicity: { declined: boolean; values: string[] };
  race: { declined: boolean; values: string[] };
  sex: { declined: boolean; values: string[] };
};

/** The facts of one reportable application the row is made from (the server gathers them). */
export type THmdaApplicationFacts = {
  loanNumber: string;
  /** YYYY-MM-DD. */
  applicationDate: string;
  action: THmdaAction;
  /** YYYY-MM-DD. */
  actionDate: string;
  lineCents: number;
  property: { street: string; city: string; state: string; zip: string };
  /** null: the borrower never reached the HMDA step (3 / 6 / 3: not provided). */
  hmda: THmdaAnswers | null;
  /** YYYY-MM-DD or null. */
  dateOfBirth: string | null;
  statedAnnualIncomeCents: number | null;
  hasExistingLien: boolean;
  creditScore: number | null;
  denialReasons: readonly string[];
  otherDenialReason: string | null;
  rateBps: number | null;
  termYears: number | null;
  dtiBps: number | null;
  cltvBps: number | null;
  propertyValueCents: number | null;
  originatorNmls: string | null;
  uwDecision: string | null;
};

const ETHNICITY_CODES: Record<string, string> = { HISPANIC_OR_LATINO: '1', NOT_HISPANIC_OR_LATINO: '2' };
const RACE_CODES: Record<string, string> = {
  AMERICAN_INDIAN_OR_ALASKA_NATIVE: '1',
  ASIAN: '2',
  BLACK_OR_AFRICAN_AMERICAN: '3',
  NATIVE_HAWAIIAN_OR_OTHER_PACIFIC_ISLANDER: '4',
  WHITE: '5',
};
const SEX_CODES: Record<string, string> = { MALE: '1', FEMALE: '2' };

/** An answer's codes padded to `slots` fields; declined or not asked: the "not provided" code alone. */
function answerCodes(
  answer: { declined: boolean; values: string[] } | undefined,
  codes: Record<string, string>,
  notProvided: string,
  slots: number,
): string[] {
  const chosen = answer && !answer.declined ? answer.values.map((value) => codes[value] ?? value) : [];
  const values = chosen.length > 0 ? chosen.slice(0, slots) : [notProvided];
  return [...values, ...Array<string>(slots - values.length).fill('')];
}

function yyyymmdd(isoDate: string): string {
  return isoDate.slice(0, 10).replaceAll('-', '');
}

/** Basis points as a percentage with up to two decimals (3650 → "36.5"). */
function percent(bps: number): string {
  return String(Math.round(bps) / 100);
}

/** One application's LAR row. */
export function buildLarRow(lei: string, facts: THmdaApplicationFacts): TLarRow {
  const decided = facts.action === HMDA_ACTION.ORIGINATED || facts.action === HMDA_ACTION.DENIED;
  const originated = facts.action === HMDA_ACTION.ORIGINATED;
  const [e1, e2, e3, e4, e5] = answerCodes(facts.hmda?.ethnicity, ETHNICITY_CODES, '3', 5);
  const [r1, r2, r3, r4, r5] = answerCodes(facts.hmda?.race, RACE_CODES, '6', 5);
  const sexes = answerCodes(facts.hmda?.sex, SEX_CODES, '3', 2);
  // Both sexes chosen: code 6 ("applicant selected both male and female").
  const sex = sexes[1] ? '6' : sexes[0]!;
  const score = decided && facts.creditScore !== null ? String(facts.creditScore) : '8888';
  const denial =
    facts.action === HMDA_ACTION.DENIED
      ? hmdaDenialReasons(facts.denialReasons, facts.otherDenialReason)
      : { codes: [HMDA_DENIAL.NOT_APPLICABLE], otherText: '' };
  const [d1 = '', d2 = '', d3 = '', d4 = ''] = denial.codes;
  return {
    recordIdentifier: '2',
    lei,
    uli: buildUli(lei, facts.loanNumber),
    applicationDate: yyyymmdd(facts.applicationDate),
    loanType: '1',
    loanPurpose: '4',
    preapproval: '2',
    constructionMethod: '1',
    occupancyType: '1',
    loanAmount: String(Math.round(facts.lineCents / 100)),
    actionTaken: facts.action,
    actionTakenDate: yyyymmdd(facts.actionDate),
    street: facts.property.street,
    city: facts.property.city,
    state: facts.property.state,
    zipCode: facts.property.zip,
    county: 'NA',
    censusTract: 'NA',
    ethnicity1: e1!,
    ethnicity2: e2!,
    ethnicity3: e3!,
    ethnicity4: e4!,
    ethnicity5: e5!,
    ethnicityOther: '',
    coEthnicity1: '5',
    coEthnicity2: '',
    coEthnicity3: '',
    coEthnicity4: '',
    coEthnicity5: '',
    coEthnicityOther: '',
    ethnicityObserved: '2',
    coEthnicityObserved: '4',
    race1: r1!,
    race2: r2!,
    race3: r3!,
    race4: r4!,
    race5: r5!,
    raceTribe: '',
    raceOtherAsian: '',
    raceOtherPacificIslander: '',
    coRace1: '8',
    coRace2: '',
    coRace3: '',
    coRace4: '',
    coRace5: '',
    coRaceTribe: '',
    coRaceOtherAsian: '',
    coRaceOtherPacificIslander: '',
    raceObserved: '2',
    coRaceObserved: '4',
    sex,
    coSex: '5',
    sexObserved: '2',
    coSexObserved: '4',
    age: facts.dateOfBirth
      ? String(ageOn(facts.dateOfBirth, new Date(`${facts.applicationDate}T00:00:00Z`)))
      : '8888',
    coAge: '9999',
    income:
      facts.statedAnnualIncomeCents === null
        ? 'NA'
        : String(Math.round(facts.statedAnnualIncomeCents / 100_000)),
    purchaserType: '0',
    rateSpread: 'NA',
    hoepaStatus: originated ? '2' : '3',
    lienStatus: facts.hasExistingLien ? '2' : '1',
    creditScore: score,
    coCreditScore: '9999',
    creditScoreModel: score === '8888' ? '9' : '8',
    creditScoreModelOther: score === '8888' ? '' : 'FICO Score (credit bureau provider)',
    coCreditScoreModel: '10',
    coCreditScoreModelOther: '',
    denialReason1: d1,
    denialReason2: d2,
    denialReason3: d3,
    denialReason4: d4,
    denialReasonOther: denial.otherText,
    totalLoanCosts: 'NA',
    totalPointsAndFees: 'NA',
    originationCharges: 'NA',
    discountPoints: 'NA',
    lenderCredits: 'NA',
    interestRate: originated && facts.rateBps ? percent(facts.rateBps) : 'NA',
    prepaymentPenaltyTerm: 'NA',
    debtToIncomeRatio: decided && facts.dtiBps !== null ? percent(facts.dtiBps) : 'NA',
    combinedLoanToValueRatio: decided && facts.cltvBps !== null ? percent(facts.cltvBps) : 'NA',
    loanTerm: facts.termYears ? String(facts.termYears * 12) : 'NA',
    introductoryRatePeriod: 'NA',
    balloonPayment: '2',
    interestOnlyPayments: '2',
    negativeAmortization: '2',
    otherNonAmortizingFeatures: '2',
    propertyValue:
      decided && facts.propertyValueCents !== null
        ? String(Math.round(facts.propertyValueCents / 100))
        : 'NA',
    manufacturedHomeSecuredPropertyType: '3',
    manufacturedHomeLandPropertyInterest: '5',
    totalUnits: '1',
    multifamilyAffordableUnits: 'NA',
    submissionOfApplication: '1',
    initiallyPayableToInstitution: originated ? '1' : '3',
    nmlsrId: facts.originatorNmls ?? 'NA',
    aus1: '5',
    aus2: '',
    aus3: '',
    aus4: '',
    aus5: '',
    ausOther: 'Platform underwriting engine',
    ausResult1: '16',
    ausResult2: '',
    ausResult3: '',
    ausResult4: '',
    ausResult5: '',
    ausResultOther: facts.uwDecision ?? 'Not decided',
    reverseMortgage: '2',
    openEndLineOfCredit: '1',
    businessOrCommercialPurpose: '2',
  };
}

/** The reporting institution (organisation settings `orgMetaData.hmda` and its company info). */
export type THmdaReporter = {
  institutionName: string;
  lei: string;
  taxId: string;
  agencyCode: string;
  contact: {
    name: string;
    phone: string;
    email: string;
    street: string;
    city: string;
    state: string;
    zip: string;
  };
};

/** The transmittal sheet's 15 fields (record identifier 1). */
export type TTransmittalSheet = {
  recordIdentifier: string;
  institutionName: string;
  year: string;
  /** 4 for the annual register, 1–3 for a quarterly one. */
  quarter: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  contactStreet: string;
  contactCity: string;
  contactState: string;
  contactZip: string;
  agencyCode: string;
  totalLines: string;
  taxId: string;
  lei: string;
};
export const TS_FIELD_KEYS: readonly (keyof TTransmittalSheet)[] = [
  'recordIdentifier',
  'institutionName',
  'year',
  'quarter',
  'contactName',
  'contactPhone',
  'contactEmail',
  'contactStreet',
  'contactCity',
  'contactState',
  'contactZip',
  'agencyCode',
  'totalLines',
  'taxId',
  'lei',
];

export function buildTransmittalSheet(
  reporter: THmdaReporter,
  period: THmdaPeriod,
  totalLines: number,
): TTransmittalSheet {
  return {
    recordIdentifier: '1',
    institutionName: reporter.institutionName,
    year: String(period.year),
    quarter: String(period.quarter ?? 4),
    contactName: reporter.contact.name,
    contactPhone: reporter.contact.phone,
    contactEmail: reporter.contact.email,
    contactStreet: reporter.contact.street,
    contactCity: reporter.contact.city,
    contactState: reporter.contact.state,
    contactZip: reporter.contact.zip,
    agencyCode: reporter.agencyCode,
    totalLines: String(totalLines),
    taxId: reporter.taxId,
    lei: reporter.lei,
  };
}

/** A filing period: a calendar year, or one of its first three quarters (quarterly filers). */
export type THmdaPeriod = { year: number; quarter: 1 | 2 | 3 | null };

/** The period's first day and the day after its last (YYYY-MM-DD, UTC), for the action-date filter. */
export function hmdaPeriodRange(period: THmdaPeriod): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (period.quarter === null) return { from: `${period.year}-01-01`, to: `${period.year + 1}-01-01` };
  const start = (period.quarter - 1) * 3 + 1;
  return { from: `${period.year}-${pad(start)}-01`, to: `${period.year}-${pad(start + 3)}-01` };
}

/** The file: the transmittal sheet, then one row per application, pipe-delimited, CRLF-free lines. */
export function larFileText(ts: TTransmittalSheet, rows: readonly TLarRow[]): string {
  // A pipe or a line break inside a free-text value (a street, the words of a reason) would shift
  // every later field: they become spaces.
  const field = (value: string) => value.replace(/[|\r\n]+/g, ' ');
  const lines = [
    TS_FIELD_KEYS.map((key) => field(ts[key])).join('|'),
    ...rows.map((row) => LAR_FIELD_KEYS.map((key) => field(row[key])).join('|')),
  ];
  return `${lines.join('\n')}\n`;
}
