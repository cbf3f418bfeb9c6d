/**
 * Deterministic credit bureau. Scenario by last name (scenario.ts); ids from a hash of the inputs.
 * The time of the pull is the clock's, so a ManualClock makes the whole result reproducible.
 */
import type { Clock } from '../../lib/clock';
import { SANDBOX_VALUES, scenarioForLastName } from '../scenario';
import {
  digitsOf,
  last4,
  ProviderInputError,
  ProviderTimeoutError,
  sandboxId,
  sleep,
  type ProviderCallOptions,
} from '../shared';
import type {
  CreditBureauProvider,
  CreditPullRequest,
  CreditPullResult,
  CreditReport,
  Tradeline,
} from './index';

export interface SandboxCreditBureauOptions {
  clock: Clock;
  /** How long the Timeout scenario hangs before rejecting (default 30 s, the job timeout). */
  timeoutDelayMs?: number;
  /** Injected so tests do not really wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const DEFAULT_TIMEOUT_DELAY_MS = 30_000;

type DebtLine = Omit<Tradeline, 'tradelineId'>;

const MORTGAGE: DebtLine = {
  type: 'MORTGAGE',
  creditorName: 'Sandbox Mortgage Co.',
  balanceCents: SANDBOX_VALUES.existingLienCents,
  monthlyPaymentCents: SANDBOX_VALUES.existingLienMonthlyPaymentCents,
  worstDaysPastDue12m: 0,
};

/** $1,800 + $450 + $180 = $2,430/month (19.44% DTI on $150,000/yr). */
const HAPPY_DEBTS: readonly DebtLine[] = [
  MORTGAGE,
  {
    type: 'AUTO',
    creditorName: 'Sandbox Auto Finance',
    balanceCents: 1_800_000,
    monthlyPaymentCents: 45_000,
    worstDaysPastDue12m: 0,
  },
  {
    type: 'REVOLVING',
    creditorName: 'Sandbox Card Services',
    balanceCents: 420_000,
    monthlyPaymentCents: 18_000,
    worstDaysPastDue12m: 0,
  },
];

/** $1,800 + $950 + $1,500 + $3,500 = $7,750/month: exactly 62% DTI on $150,000/yr. */
const HIGH_DEBTS: readonly DebtLine[] = [
  MORTGAGE,
  {
    type: 'AUTO',
    creditorName: 'Sandbox Auto Finance',
    balanceCents: 4_500_000,
    monthlyPaymentCents: 95_000,
    worstDaysPastDue12m: 0,
  },
  {
    type: 'STUDENT',
    creditorName: 'Sandbox Student Loans',
    balanceCents: 9_000_000,
    monthlyPaymentCents: 150_000,
    worstDaysPastDue12m: 0,
  },
  {
    type: 'REVOLVING',
    creditorName: 'Sandbox Card Services',
    balanceCents: 8_750_000,
    monthlyPaymentCents: 350_000,
    worstDaysPastDue12m: 0,
  },
];

/** FICO reason statements the sandbox reports with a score (the bureau's key factors). */
const GOOD_SCORE_FACTORS = [
  'Length of time accounts have been established',
  'Proportion of balances to credit limits on revolving accounts',
];
const LOW_SCORE_FACTORS = [
  'Serious delinquency',
  'Proportion of balances to credit limits on revolving accounts is too high',
  'Number of accounts with delinquency',
  'Too many inquiries in the last 12 months',
];
const HIGH_DEBT_FACTORS = [
  'Amount owed on accounts is too high',
  'Proportion of loan balances to loan amounts is too high',
];
const DEROGATORY_FACTORS = [
  'Derogatory public record or collection filed',
  'Time since derogatory public record',
];

export const SANDBOX_CREDIT_AGENCY = {
  name: 'Sandbox Consumer Credit Reporting Agency',
  address: { street1: 'P.O. Box 740256', city: 'Atlanta', state: 'GA', zip: '30374' },
  phone: '(800) 555-0142',
  website: 'https://credit-bureau.sandbox.test',
  scoreModelName: 'FICO Score 8',
  scoreRangeMin: 300,
  scoreRangeMax: 850,
} as const;

const DELINQUENT_DEBTS: readonly DebtLine[] = [
  { ...MORTGAGE, worstDaysPastDue12m: 90 },
  ...HAPPY_DEBTS.slice(1),
];

function ssnDigits(ssn: string | null | undefined): string | null {
  if (ssn === null || ssn === undefined || ssn.trim() === '') return null;
  const digits = digitsOf(ssn);
  // Never echo the value: the reason alone is enough to fix the form.
  if (!/^\d{3}-?\d{2}-?\d{4}$/.test(ssn.trim()) || digits.length !== 9) {
    throw new ProviderInputError('credit-bureau', 'SSN must be 9 digits');
  }
  return digits;
}

export function createSandboxCreditBureau(options: SandboxCreditBureauOptions): CreditBureauProvider {
  const wait = options.sleep ?? sleep;
  const timeoutDelayMs = options.timeoutDelayMs ?? DEFAULT_TIMEOUT_DELAY_MS;

  return {
    agency: SANDBOX_CREDIT_AGENCY,
    async pull(request: CreditPullRequest, callOptions?: ProviderCallOptions): Promise<CreditPullResult> {
      const ssn = ssnDigits(request.ssn);
      const scenario = scenarioForLastName(request.applicant.lastName);
      const { kind } = request;
      const ssnLast4 = ssn === null ? null : last4(ssn);
      // The id covers who, which pull and which SSN attempt; never the SSN itself in clear.
      const pullId = sandboxId(
        'cr',
        kind,
        request.applicant.firstName.trim().toUpperCase(),
        request.applicant.lastName.trim().toUpperCase(),
        request.applicant.dob ?? '',
        ssnLast4 ?? '',
        request.consentedAt.toISOString(),
      );

      const report = (
        debts: readonly DebtLine[],
        score: number,
        extra?: Partial<CreditReport>,
      ): CreditReport => {
        const tradelines = debts.map((line, index) => ({ ...line, tradelineId: `${pullId}_t${index + 1}` }));
        return {
          outcome: 'REPORT',
          pullId,
          kind,
          score,
          scoreModel: 'FICO_8',
          ssnLast4,
          tradelines,
          monthlyDebtCents: tradelines.reduce((sum, line) => sum + line.monthlyPaymentCents, 0),
          mortgageDelinquency: tradelines.some(
            (line) => (line.type === 'MORTGAGE' || line.type === 'HELOC') && line.worstDaysPastDue12m >= 60,
          ),
          declineIndicators: [],
          estimatedAnnualIncomeCents: null,
          scoreFactors: score < 640 ? LOW_SCORE_FACTORS : GOOD_SCORE_FACTORS,
          pulledAt: options.clock.now(),
          ...extra,
        };
      };

      switch (scenario) {
        case 'TIMEOUT':
          await wait(timeoutDelayMs, callOptions?.signal);
          throw new ProviderTimeoutError('credit-bureau', timeoutDelayMs);
        case 'NOMATCH':
          if (ssn === null) return { outcome: 'NO_MATCH', pullId, kind };
          if (ssn.endsWith(SANDBOX_VALUES.noCreditSsnSuffix))
            return { outcome: 'NO_SCORE', pullId, kind, ssnLast4 };
          return report(HAPPY_DEBTS, SANDBOX_VALUES.ficoScore);
        case 'FROZEN':
          return { outcome: 'FROZEN', pullId, kind };
        case 'PINFROZEN': {
          const pin = request.freezePin?.trim();
          if (pin === SANDBOX_VALUES.creditFreezePin) return report(HAPPY_DEBTS, SANDBOX_VALUES.ficoScore);
          return {
            outcome: 'FROZEN_PIN_REQUIRED',
            pullId,
            kind,
            pinRejected: pin !== undefined && pin !== '',
          };
        }
        case 'THINFILE':
          return { outcome: 'NO_SCORE', pullId, kind, ssnLast4 };
        case 'LOWSCORE':
          return report(HAPPY_DEBTS, SANDBOX_VALUES.lowFicoScore);
        case 'HIGHDEBT':
          return report(HIGH_DEBTS, SANDBOX_VALUES.ficoScore, { scoreFactors: HIGH_DEBT_FACTORS });
        case 'ASSETS':
          // The file supports only $50,000/yr: $2,430 of debts are 58.32% of it, whatever was stated, so
          // the unverified offer is DTI limited and asset depletion is asked for.
          return report(HAPPY_DEBTS, SANDBOX_VALUES.ficoScore, {
            estimatedAnnualIncomeCents: SANDBOX_VALUES.assetsEstimatedAnnualIncomeCents,
          });
        case 'DELINQUENT':
          return report(DELINQUENT_DEBTS, SANDBOX_VALUES.ficoScore);
        case 'DECLINED':
          return report(HAPPY_DEBTS, SANDBOX_VALUES.ficoScore, {
            declineIndicators: ['BANKRUPTCY'],
            scoreFactors: DEROGATORY_FACTORS,
          });
        default:
          // Every other scenario is decided by a later provider; the bureau answers the happy file.
          return report(HAPPY_DEBTS, SANDBOX_VALUES.ficoScore);
      }
    },
  };
}
