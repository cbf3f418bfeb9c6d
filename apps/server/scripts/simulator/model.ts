/** The simulator's model: options, timeline and result types, the expected end of each scenario, the command line's arguments and formatting. */
import type { FastifyInstance } from 'fastify';
import type { Answer } from '@heloc/borrower-driver';
import type { ManualClock } from '../../src/lib/clock';
import { SANDBOX_VALUES, type SandboxScenario } from '../../src/providers';
import type { TApplicationStatus, TApplicationStatusResponse } from '@heloc/domain';

/** A valid address per supported property state (the organisation must be licensed there). */
export const SIMULATION_ADDRESSES = {
  CA: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
  TX: { street1: '400 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701' },
  NY: { street1: '85 State Street', city: 'Albany', state: 'NY', zip: '12207' },
  FL: { street1: '200 Bay Street', city: 'Tampa', state: 'FL', zip: '33602' },
  WA: { street1: '1500 Pine Street', city: 'Seattle', state: 'WA', zip: '98101' },
  IL: { street1: '20 Lake Street', city: 'Springfield', state: 'IL', zip: '62701' },
} as const;
export type SimulationState = keyof typeof SIMULATION_ADDRESSES;
export const SIMULATION_STATES = Object.keys(SIMULATION_ADDRESSES) as SimulationState[];

export function isSimulationState(value: string): value is SimulationState {
  return Object.hasOwn(SIMULATION_ADDRESSES, value);
}

export type SimulateOptions = {
  /** The borrower's last name: picks the sandbox scenario (anything unknown is the happy path). */
  scenario: string;
  /** Property state (default CA); NY registers with MAIN_NY, the variant licensed there. */
  state?: SimulationState;
  /** Last 4 digits of the SSN given after a no-match (default 6789: matches; 0000: no credit). */
  ssnEnding?: string;
  /** Freeze PIN given when the bureau asks for one (default the sandbox PIN 1234). */
  pin?: string;
  /** Amount to draw at offer selection, in dollars (default the maximum line). */
  amountDollars?: number;
  /** Borrower actions and clock moves before giving up (default 60). */
  maxSteps?: number;
  /**
   * Drive this app (on its manual clock) instead of building one on a fresh in-memory database;
   * it is left open (multi-instance tests then read the application through another instance).
   */
  target?: { app: FastifyInstance; clock: ManualClock };
};

export type TimelineFacts = {
  offers?: number;
  maxLineCents?: number;
  minLineCents?: number;
  chosen?: { termYears: number; rateBps: number; amountCents: number };
  declineReasons?: string[];
  /** Documents listed on the application after this step (types). */
  documents?: string[];
  /** Why the workflow moved (the audit trail's reason of the latest step change), when it says. */
  reason?: string;
  /** Clock moved forward to reach retried jobs or the end of a waiting period. */
  waitedMs?: number;
  /** The simulated time after this step (ISO), when the clock moved. */
  clock?: string;
  jobsRun?: number;
};

export type TimelineEntry = {
  step: number;
  action: string;
  /** HTTP status of the action. */
  httpStatus?: number;
  /** The status the action itself answered (e.g. WAITING_FOR_CREDIT), before the jobs ran. */
  answered?: string;
  status: string;
  /** The screen the browser would show (relative to /account/heloc/{uuid}/; '/' is the app index). */
  screen: string;
  facts: TimelineFacts;
};

export type StopReason = 'final' | 'needs-input' | 'still-waiting' | 'http-error' | 'step-limit';

export type SimulationResult = {
  scenario: SandboxScenario;
  lastName: string;
  state: SimulationState;
  orgCode: string;
  applicationUuid: string | null;
  timeline: TimelineEntry[];
  final: { status: string; screen: string; applicationStatus: TApplicationStatus | null };
  stop: { reason: StopReason; detail: string };
  /** Where this scenario (with these options) is expected to end. */
  expected: string;
  /** Ended where expected, with no unexpected HTTP error. */
  ok: boolean;
  /** Wall time of the drive through the API, registration to the last step (database start-up excluded). */
  drivenMs: number;
  /** The borrower's sign-in (token and fingerprint cookie), to read the application afterwards. */
  credentials: { authorization: string; cookie: string } | null;
  error?: { action: string; httpStatus: number; body: string };
};

export const DEFAULT_SSN_ENDING = '6789';
export const MAX_CLOCK_MOVES = 8;
export const STATUS_URL = (uuid: string) => `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`;
export const ENGINE_URL = (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`;

/** The status a run of `scenario` should end on (DESIGN.md §7 as far as this slice goes). */
export function expectedEnd(
  scenario: SandboxScenario,
  options: { ssnEnding?: string; pin?: string } = {},
): string {
  switch (scenario) {
    case 'NOMATCH':
      return (options.ssnEnding ?? DEFAULT_SSN_ENDING) === '0000' ? 'CREDIT_NO_MATCH_SSN' : 'COMPLETE';
    case 'FROZEN':
      return 'CREDIT_FROZEN';
    case 'PINFROZEN':
      return (options.pin ?? SANDBOX_VALUES.creditFreezePin) === SANDBOX_VALUES.creditFreezePin
        ? 'COMPLETE'
        : 'CREDIT_FROZEN_PIN';
    case 'THINFILE':
      return 'CREDIT_NO_MATCH_SSN';
    case 'LOWSCORE':
    case 'HIGHDEBT':
    case 'POORCONDITION':
    case 'DECLINED':
      return 'DECLINED';
    case 'DELINQUENT':
      return 'DELINQUENCY_REVIEW';
    case 'NOPROPERTY':
      return 'NO_PROPERTY';
    case 'NOTOWNER':
      return 'INCORRECT_OWNERSHIP';
    case 'NODATATREE':
      return 'IN_PROGRESS';
    case 'TIMEOUT':
      return 'CREDIT_ERROR';
    case 'ASSETS':
      // Qualified on the bureau's income estimate plus savings; the income link then finds no
      // recurring income, and the assets alone do not bring DTI under the cap on verified income.
      return 'DECLINED';
    default:
      // Happy, Manyproperty (the first property is chosen), Noavm (estimate and valuation order),
      // Paystub and Selfemployed (documents uploaded), Flood (flood
      // insurance uploaded), Texas (valuation order): funded.
      return 'COMPLETE';
  }
}

/** The `status` of an action's answer ({ status } from the engine endpoints), if it has one. */
export function answeredStatus(res: Answer): string | undefined {
  try {
    const body: unknown = res.json();
    if (typeof body === 'object' && body !== null && 'status' in body && typeof body.status === 'string') {
      return body.status;
    }
  } catch {
    // Not JSON: no status to report.
  }
  return undefined;
}

export type Session = { headers: { authorization: string; cookie: string }; applicationUuid: string };
export type Look = { answer: TApplicationStatusResponse; screen: string };

/** The command line's usage line (scripts/simulate.ts). */
export const SIMULATE_USAGE = `usage: npm run simulate -- --scenario <LastName> [--state ${SIMULATION_STATES.join('|')}] [--ssn <last 4 digits>] [--pin <4 digits>] [--amount <dollars>] [--json]`;

export type SimulateArgs = { options: SimulateOptions; json: boolean };

/** The command line's arguments, or what is wrong with them. */
export function parseSimulateArgs(argv: readonly string[]): SimulateArgs | string {
  const options: Partial<SimulateOptions> = {};
  let json = false;
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i]!;
    if (flag === '--json') {
      json = true;
      continue;
    }
    if (!['--scenario', '--state', '--ssn', '--pin', '--amount'].includes(flag))
      return `unknown argument ${flag}`;
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--') || value.trim() === '') return `${flag} needs a value`;
    i += 1;
    switch (flag) {
      case '--scenario':
        if (!/^[A-Za-z][A-Za-z' -]{0,99}$/.test(value)) return '--scenario must be a last name (letters)';
        options.scenario = value;
        break;
      case '--state': {
        const state = value.toUpperCase();
        if (!isSimulationState(state)) return `--state must be one of ${SIMULATION_STATES.join(', ')}`;
        options.state = state;
        break;
      }
      case '--ssn':
        if (!/^\d{4}$/.test(value)) return '--ssn takes the last 4 digits of the SSN';
        options.ssnEnding = value;
        break;
      case '--pin':
        if (!/^\d{4}$/.test(value)) return '--pin must be 4 digits';
        options.pin = value;
        break;
      case '--amount': {
        const amount = Number(value);
        if (!Number.isFinite(amount) || amount <= 0) return '--amount must be a positive number of dollars';
        options.amountDollars = amount;
        break;
      }
    }
  }
  if (options.scenario === undefined) return '--scenario is required';
  return { options: { ...options, scenario: options.scenario }, json };
}

/** Dollars without cents for the timeline ($302,500). */
export function dollars(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString('en-US')}`;
}

/** One line of key facts for a timeline row. */
export function describeFacts(facts: TimelineFacts): string {
  const parts: string[] = [];
  if (facts.offers !== undefined) parts.push(`${facts.offers} offers`);
  if (facts.maxLineCents !== undefined) parts.push(`max line ${dollars(facts.maxLineCents)}`);
  if (facts.chosen)
    parts.push(`drew ${dollars(facts.chosen.amountCents)} at ${(facts.chosen.rateBps / 100).toFixed(2)}%`);
  if (facts.declineReasons) parts.push(`declined: ${facts.declineReasons.join(', ')}`);
  if (facts.documents?.length) parts.push(`documents: ${facts.documents.join(', ')}`);
  if (facts.reason) parts.push(`reason ${facts.reason}`);
  if (facts.jobsRun !== undefined) parts.push(`${facts.jobsRun} job${facts.jobsRun === 1 ? '' : 's'}`);
  if (facts.waitedMs !== undefined)
    parts.push(
      facts.clock
        ? `clock +${formatWait(facts.waitedMs)} → ${facts.clock.slice(0, 16).replace('T', ' ')} UTC`
        : `clock +${formatWait(facts.waitedMs)}`,
    );
  return parts.join('; ');
}

/** A clock move for people: seconds below two minutes, then hours, then days. */
function formatWait(ms: number): string {
  if (ms < 120_000) return `${ms / 1000}s`;
  if (ms < 2 * 86_400_000) return `${(ms / 3_600_000).toFixed(1).replace(/\.0$/, '')}h`;
  return `${(ms / 86_400_000).toFixed(1).replace(/\.0$/, '')}d`;
}
