/**
 * The HMDA loan/application register (Regulation C) of an organisation for a year or a quarter:
 * which applications are reportable, each one's 110-field row from the platform's facts, the
 * transmittal sheet, and the file (pipe-delimited, transmittal sheet first). Field sources and NA
 * reasons: LAR_FIELDS (lar-fields.ts); denial reasons: denial-reasons.ts; the transmittal sheet, the
 * period and the file: transmittal.ts; the edits run before export: lar-edits.ts.
 */
import { ageOn } from '../schemas/auth';
import { type TLarRow } from './lar-fields';
import { buildUli } from './uli';
import { HMDA_DENIAL, hmdaDenialReasons } from './denial-reasons';

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
