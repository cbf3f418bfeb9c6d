/**
 * The sandbox driver (`npm run simulate`, scripts/simulate.ts): builds the real app in-process on a
 * fresh in-memory database with a ManualClock and the sandbox providers, registers a borrower whose
 * last name is the scenario (DESIGN.md §7), then drives the application through the HTTP API with
 * `inject()` as the browser would: one borrower action, the due provider jobs (moving the clock past
 * retry backoffs), the polled status and the screen the browser would show for it. It answers what
 * each settled status asks (SSN, PIN, property choice, liens, offer) and stops at a final status, at a
 * screen this slice cannot answer yet, or after a bounded number of steps. No network, no port.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, min } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  ESIGN_DISCLOSURE_VERSION,
  incomeUploadTypeOf,
  isFinalStatus,
  isWaitingStatus,
  resolveDestination,
  VALUATION_FEE_CENTS,
  ZApplicationStatusResponse,
  ZHelocApplicationView,
  ZProfile,
  type TApplicationStatus,
  type TApplicationStatusResponse,
  type TRegistrationInput,
} from '@heloc/domain';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, schema } from '../db';
import { ManualClock } from '../lib/clock';
import {
  createSandboxProviders,
  SANDBOX_VALUES,
  scenarioForLastName,
  type SandboxScenario,
} from '../providers';
import { seedDatabase } from '../seed/seed';
import { MemoryFileStorage } from '../storage';
import { multipartBody } from '../uploads';

/** A 1×1 PNG: a readable identity document for the sandbox check. */
const SANDBOX_ID_PNG = {
  fileName: 'license.png',
  bytes: Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  ),
};
/** A minimal PDF, different per title (the same bytes uploaded twice are one document). */
function documentPdf(title: string): { bytes: Uint8Array; fileName: string } {
  return {
    fileName: `${title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.pdf`,
    bytes: new TextEncoder().encode(
      `%PDF-1.4\n% ${title}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    ),
  };
}

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

const DEFAULT_SSN_ENDING = '6789';
const MAX_CLOCK_MOVES = 8;
const STATUS_URL = (uuid: string) => `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`;
const ENGINE_URL = (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`;

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

/** An instant in a 409's details (when a Texas closing may happen, when notaries are in), or null. */
function detailInstant(
  res: LightMyRequestResponse,
  key: 'earliestClosingAt' | 'nextAvailableAt',
): Date | null {
  try {
    const value = (res.json() as { details?: Record<string, unknown> }).details?.[key];
    return typeof value === 'string' ? new Date(value) : null;
  } catch {
    return null;
  }
}

/** The `status` of an action's answer ({ status } from the engine endpoints), if it has one. */
function answeredStatus(res: LightMyRequestResponse): string | undefined {
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

class UnexpectedAnswer extends Error {
  constructor(
    readonly action: string,
    readonly res: LightMyRequestResponse,
  ) {
    super(`${action} answered ${res.statusCode}`);
  }
}

type Session = { headers: { authorization: string; cookie: string }; applicationUuid: string };
type Look = { answer: TApplicationStatusResponse; screen: string };

export async function simulate(options: SimulateOptions): Promise<SimulationResult> {
  const lastName = options.scenario.trim();
  if (!lastName) throw new Error('scenario (the last name) must not be empty');
  const state = options.state ?? 'CA';
  const orgCode = state === 'NY' ? 'MAIN_NY' : 'MAIN';
  const scenario = scenarioForLastName(lastName);
  const ssnEnding = options.ssnEnding ?? DEFAULT_SSN_ENDING;
  const pin = options.pin ?? SANDBOX_VALUES.creditFreezePin;
  const maxSteps = options.maxSteps ?? 60;
  const expected = expectedEnd(scenario, { ssnEnding, pin });

  const clock = options.target?.clock ?? new ManualClock();
  const database = options.target ? null : await openDatabase({ kind: 'pglite-memory' });
  let app: FastifyInstance | null = null;
  const timeline: TimelineEntry[] = [];
  // Written by the helpers below (closures), so held in an object TypeScript does not narrow.
  const seen: { session: Session | null; last: Look | null } = { session: null, last: null };
  let stop: SimulationResult['stop'] = { reason: 'step-limit', detail: `stopped after ${maxSteps} steps` };
  let error: SimulationResult['error'];
  let drivenFrom = 0;
  let drivenMs = 0;

  try {
    if (options.target) app = options.target.app;
    else {
      await database!.migrate();
      await seedDatabase(database!.db, { demoData: false });
      app = await buildApp({
        config: {
          ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
          jwtSecret: randomBytes(32).toString('hex'),
          dataEncryptionKey: randomBytes(32).toString('hex'),
          authRateLimitPerMinute: 10_000,
        },
        database: database!,
        closeDatabase: false,
        clock,
        storage: new MemoryFileStorage(),
        // The Timeout bureau gives up at once instead of after 30 s.
        providers: createSandboxProviders({ clock, creditTimeoutDelayMs: 1 }),
      });
      await app.ready();
    }
    const server = app;

    const call = async (
      action: string,
      method: 'GET' | 'POST',
      url: string,
      payload?: Record<string, unknown>,
      expectedCodes: readonly number[] = [200],
    ): Promise<LightMyRequestResponse> => {
      const res = await server.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', ...seen.session?.headers },
        ...(payload !== undefined && { payload }),
      });
      if (!expectedCodes.includes(res.statusCode)) throw new UnexpectedAnswer(action, res);
      return res;
    };

    /** Polls the status and works out the screen as the browser does (status, application, profile). */
    const look = async (): Promise<Look> => {
      const uuid = seen.session!.applicationUuid;
      const answer = ZApplicationStatusResponse.parse(
        (await call('poll status', 'GET', STATUS_URL(uuid))).json(),
      );
      const application = ZHelocApplicationView.parse(
        (await call('read application', 'GET', ENGINE_URL(uuid))).json(),
      );
      const profile = ZProfile.parse(
        (await call('read profile', 'GET', '/service-profile/api/v1/profile')).json(),
      );
      const screen = resolveDestination({
        application,
        profile,
        status: answer.applicationStatus,
        statusName: answer.status,
      });
      return { answer, screen };
    };

    /** Runs the due jobs; while the status waits on a retried job, moves the clock to it (bounded). */
    const settle = async (): Promise<{ jobsRun: number; waitedMs: number }> => {
      let jobsRun = await server.jobs.runDue();
      let waitedMs = 0;
      for (let moves = 0; moves < MAX_CLOCK_MOVES; moves += 1) {
        const polled = ZApplicationStatusResponse.parse(
          (await call('poll status', 'GET', STATUS_URL(seen.session!.applicationUuid))).json(),
        );
        if (!isWaitingStatus(polled.status)) break;
        const [next] = await server.db
          .select({ at: min(schema.jobs.runAfter) })
          .from(schema.jobs)
          .where(eq(schema.jobs.status, 'queued'));
        if (!next?.at) break;
        const gap = Math.max(0, next.at.getTime() - clock.now().getTime());
        clock.advance(gap);
        waitedMs += gap;
        jobsRun += await server.jobs.runDue();
      }
      return { jobsRun, waitedMs };
    };

    /** The audit trail's reason for the latest step change (e.g. why a decline or an error). */
    const latestReason = async (): Promise<string | undefined> => {
      const [row] = await server.db
        .select({ reason: schema.applicationEvents.reason })
        .from(schema.applicationEvents)
        .where(
          and(
            eq(schema.applicationEvents.applicationUuid, seen.session!.applicationUuid),
            eq(schema.applicationEvents.kind, 'STEP_CHANGE'),
          ),
        )
        .orderBy(desc(schema.applicationEvents.id))
        .limit(1);
      return row?.reason ?? undefined;
    };

    const record = async (
      action: string,
      res: LightMyRequestResponse | null,
      facts: TimelineFacts = {},
    ): Promise<void> => {
      const answered = res ? answeredStatus(res) : undefined;
      const settled = await settle();
      settled.jobsRun += facts.jobsRun ?? 0;
      settled.waitedMs += facts.waitedMs ?? 0;
      const last = await look();
      seen.last = last;
      const reason = await latestReason();
      const flags = last.answer.applicationStatus;
      const declineReasons =
        last.answer.status === 'DECLINED'
          ? [
              ...(flags.creditScoreDecline ? ['credit score'] : []),
              ...(flags.dtiDecline ? ['debt-to-income'] : []),
              ...(flags.condition === 'POOR' ? ['property condition'] : []),
            ]
          : [];
      const listed =
        last.answer.status === 'DECLINED' || ['SUMMARY', 'INCOME_VERIFICATION'].includes(last.answer.status)
          ? (
              (
                await call('list documents', 'GET', `${ENGINE_URL(seen.session!.applicationUuid)}/documents`)
              ).json() as {
                documents: { type: string }[];
              }
            ).documents.map((each) => each.type)
          : undefined;
      timeline.push({
        step: timeline.length + 1,
        action,
        ...(res && { httpStatus: res.statusCode }),
        ...(answered !== undefined && { answered }),
        status: last.answer.status,
        screen: last.screen,
        facts: {
          ...facts,
          ...(declineReasons.length > 0 && { declineReasons }),
          ...(listed && { documents: listed }),
          ...(reason && { reason }),
          ...(settled.jobsRun > 0 && { jobsRun: settled.jobsRun }),
          ...(settled.waitedMs > 0 && { waitedMs: settled.waitedMs, clock: clock.now().toISOString() }),
        },
      });
    };

    drivenFrom = performance.now();
    // 1. Registration (the browser's registration page), with the scenario as the last name.
    const body: TRegistrationInput = {
      property: { ...SIMULATION_ADDRESSES[state] },
      saleStatus: 'NOT_SELLING',
      income: {
        employmentType: scenario === 'SELFEMPLOYED' ? 'SELF_EMPLOYED' : 'FULL_TIME',
        annualIncomeCents: 150_000_00,
      },
      name: { firstName: 'Sandy', lastName },
      dob: '1980-02-29',
      email: `simulate-${randomBytes(4).toString('hex')}@example.com`,
      phoneNumber: '(415) 555-0100',
      password: 'Simulate-passw0rd!',
      acceptedTerms: true,
    };
    const registered = await server.inject({
      method: 'POST',
      url: '/identity/api/v1/registration/register',
      headers: { 'x-org-code': orgCode },
      payload: body,
    });
    if (registered.statusCode !== 201) throw new UnexpectedAnswer('register', registered);
    const { jwt, applicationUuid } = registered.json() as { jwt: string; applicationUuid: string };
    const fingerprint = registered.cookies.find((c) => c.name === server.fingerprintCookie);
    if (!fingerprint) throw new UnexpectedAnswer('register (no fingerprint cookie)', registered);
    seen.session = {
      applicationUuid,
      headers: { authorization: `Bearer ${jwt}`, cookie: `${fingerprint.name}=${fingerprint.value}` },
    };
    await record(`register (${orgCode}, ${state})`, registered);

    const engine = ENGINE_URL(applicationUuid);
    let bankLink: { publicToken: string; accounts: { accountId: string; mask: string }[] } | null = null;
    let deedUuid: string | null = null;
    const upload = async (
      action: string,
      url: string,
      file: { bytes: Uint8Array; fileName: string },
      fields: Record<string, string> = {},
    ): Promise<LightMyRequestResponse> => {
      const multipart = multipartBody(file, fields);
      const res = await server.inject({
        method: 'POST',
        url,
        headers: { ...seen.session!.headers, ...multipart.headers },
        payload: multipart.payload,
      });
      if (res.statusCode !== 200) throw new UnexpectedAnswer(action, res);
      return res;
    };
    /** The queued job due soonest (a waiting period's end), if any. */
    const nextQueuedJob = async (): Promise<{ kind: string; runAfter: Date } | null> => {
      const [next] = await server.db
        .select({ kind: schema.jobs.kind, runAfter: schema.jobs.runAfter })
        .from(schema.jobs)
        .where(eq(schema.jobs.status, 'queued'))
        .orderBy(asc(schema.jobs.runAfter))
        .limit(1);
      return next ?? null;
    };
    const done = new Set<string>();
    /** Each borrower answer is given once: answering the same question again would loop. */
    const once = (key: string) => !done.has(key) && done.add(key) !== undefined;

    for (let steps = 1; steps < maxSteps; steps += 1) {
      const { answer, screen } = seen.last!;
      const name = answer.status;
      if (isFinalStatus(name)) {
        stop = { reason: 'final', detail: `${name} is final` };
        break;
      }
      if (isWaitingStatus(name)) {
        stop = { reason: 'still-waiting', detail: `${name}: no job due even after moving the clock` };
        break;
      }
      if (name === 'IN_PROGRESS' && once('profile')) {
        const res = await call('submit profile', 'POST', `${engine}/profile`, {
          name: { firstName: 'Sandy', lastName },
          dob: '1980-02-29',
          softCreditConsent: true,
        });
        await record('submit profile + soft-credit consent', res);
      } else if (name === 'CREDIT_NO_MATCH' && once('ssn')) {
        const res = await call('submit SSN', 'POST', `${engine}/ssn`, { ssn: `123-45-${ssnEnding}` });
        await record(`submit SSN ***-**-${ssnEnding}`, res);
      } else if (name === 'CREDIT_FROZEN_PIN' && once('pin')) {
        const res = await call('submit PIN', 'POST', `${engine}/credit-pin`, { pin });
        await record('submit freeze PIN', res);
      } else if (name === 'MULTIPLE_PROPERTIES' && once('property')) {
        const list = (await call('list properties', 'GET', `${engine}/properties`)).json() as {
          properties: { propertyId: string; street1: string; city: string }[];
        };
        const first = list.properties[0];
        if (!first) {
          stop = { reason: 'needs-input', detail: 'no property to choose from' };
          break;
        }
        const res = await call('choose property', 'POST', `${engine}/property`, {
          propertyId: first.propertyId,
        });
        await record(`choose property 1 of ${list.properties.length} (${first.street1}, ${first.city})`, res);
      } else if (name === 'LIEN_VERIFICATION' && once('liens')) {
        await record('confirm liens', await call('confirm liens', 'POST', `${engine}/liens/confirm`));
      } else if (name === 'OFFER_SELECTION' && once('offer')) {
        const list = (await call('list offers', 'GET', `${engine}/offers`)).json() as {
          maxLineCents: number;
          minLineCents: number;
          offers: { uuid: string; termYears: number; rateBps: number }[];
        };
        const first = list.offers[0];
        if (!first) {
          stop = { reason: 'needs-input', detail: 'no offer to choose from' };
          break;
        }
        const amountCents =
          options.amountDollars === undefined ? list.maxLineCents : Math.round(options.amountDollars * 100);
        const res = await call('select offer', 'POST', `${engine}/offer`, {
          offerUuid: first.uuid,
          amountCents,
        });
        await record(`select offer 1 (${first.termYears} years)`, res, {
          offers: list.offers.length,
          maxLineCents: list.maxLineCents,
          minLineCents: list.minLineCents,
          chosen: { termYears: first.termYears, rateBps: first.rateBps, amountCents },
        });
      } else if (name === 'ASSETS_PREQUAL' && once('assets')) {
        const res = await call('declare assets', 'POST', `${engine}/asset-depletion`, {
          assets: [
            {
              type: 'SAVINGS',
              institutionName: 'Sandbox Bank',
              balanceCents: SANDBOX_VALUES.assetsBalanceCents,
            },
          ],
        });
        await record(
          `declare savings of ${dollars(SANDBOX_VALUES.assetsBalanceCents)} (asset depletion)`,
          res,
        );
      } else if (name === 'COLLECT_ADDITIONAL_INFO' && once('contact')) {
        const res = await call('save contact', 'POST', `${engine}/contact`, {
          email: body.email,
          phoneNumber: body.phoneNumber,
        });
        const more = await call('additional profile', 'POST', `${engine}/additional-profile`, {
          ownership: 'SOLE',
          ...(once('ssn') && { ssn: `123-45-${ssnEnding}` }),
          hardCreditConsent: true,
        });
        void res;
        await record('contact, ownership, SSN + hard-credit consent', more);
      } else if (name === 'HMDA' && once('hmda')) {
        const res = await call('HMDA', 'POST', `${engine}/hmda`, {
          ethnicity: { declined: true, values: [] },
          race: { declined: true, values: [] },
          sex: { declined: true, values: [] },
        });
        await record('HMDA (each declined)', res);
      } else if (name === 'SUMMARY' && once('submit')) {
        const res = await call('submit', 'POST', `${engine}/submit`, {
          summaryAccepted: true,
          hardCreditConsent: true,
        });
        await record('submit (summary confirmed, hard pull)', res);
      } else if (name === 'CLTV_REQUALIFY' && once('requalify')) {
        const view = (await call('requalify view', 'GET', `${engine}/requalify`)).json() as {
          maxLineCents: number;
        };
        const res = await call('requalify', 'POST', `${engine}/requalify`, {
          amountCents: view.maxLineCents,
        });
        await record(`accept the lower line of ${dollars(view.maxLineCents)}`, res);
      } else if (name === 'NO_AVM' && once('estimate')) {
        const res = await call('estimate value', 'POST', `${engine}/bpo/estimate`, {
          estimatedValueCents: SANDBOX_VALUES.avmValueCents,
        });
        await record(`estimate the home at ${dollars(SANDBOX_VALUES.avmValueCents)}`, res);
      } else if (name === 'BPO_ORDER' && once(`bpo:${done.size}`)) {
        const res = await call('order valuation', 'POST', `${engine}/bpo/order`, {
          feeConsent: true,
          feeCents: VALUATION_FEE_CENTS,
        });
        await record(`order the valuation (${dollars(VALUATION_FEE_CENTS)} consented)`, res);
      } else if (name === 'INCOME_VERIFICATION' && once('income-link')) {
        const token = (
          await call('income link token', 'POST', `${engine}/income/link-token`, { kind: 'BANK' })
        ).json() as {
          linkToken: string;
          institutions: { institutionId: string; name: string }[];
          sandboxCredentials: { username: string; password: string };
        };
        const institution = token.institutions[0]!;
        const linked = (
          await call('income link authenticate', 'POST', `${engine}/income/link/authenticate`, {
            linkToken: token.linkToken,
            institutionId: institution.institutionId,
            username: token.sandboxCredentials.username,
            password: token.sandboxCredentials.password,
          })
        ).json() as { publicToken: string; accounts: { accountId: string; mask: string }[] };
        bankLink = linked;
        const res = await call('income link', 'POST', `${engine}/income/link`, {
          publicToken: linked.publicToken,
        });
        await record(`link income (${institution.name})`, res);
      } else if (name === 'INCOME_VERIFICATION' && once(`income-documents:${done.size}`)) {
        const income = (await call('income review', 'GET', `${engine}/income`)).json() as {
          requiredDocuments: { documentType: string; count: number }[];
        };
        const uploaded: string[] = [];
        for (const required of income.requiredDocuments) {
          const path = incomeUploadTypeOf(required.documentType);
          if (!path) continue;
          for (let n = 0; n < required.count; n += 1) {
            await upload(
              `upload ${path}`,
              `${engine}/income/upload/${path}`,
              documentPdf(`${path} ${n + 1}`),
            );
            uploaded.push(path);
          }
        }
        if (uploaded.length === 0) {
          stop = { reason: 'needs-input', detail: `${name} (${screen}) asks for no document it can upload` };
          break;
        }
        const res = await call('submit income documents', 'POST', `${engine}/income/documents/submit`);
        await record(`upload ${uploaded.join(', ')} and submit`, res);
      } else if (name === 'EMPLOYMENT_VERIFICATION' && once('employer')) {
        const res = await call('employer', 'POST', `${engine}/income/employer-verification`, {
          employerName: 'Sandbox Tools Inc.',
        });
        await record('name the employer', res);
      } else if (name === 'DISBURSEMENT_ACCOUNT' && once('disburse')) {
        const account = bankLink?.accounts[0];
        const res = account
          ? await call('disbursement account', 'POST', `${engine}/bank/disburse`, {
              publicToken: bankLink!.publicToken,
              accountId: account.accountId,
            })
          : await call('disbursement account', 'POST', `${engine}/bank/manual-disburse`, {
              routingNumber: '021000021',
              accountNumber: '000123456789',
            });
        await record(`disburse to the account ••••${account?.mask ?? '6789'}`, res);
      } else if (name === 'AUTOPAY_ACCOUNT' && once('autopay')) {
        const res = await call('autopay', 'POST', `${engine}/bank/autopay`, { payType: 'AUTOPAY' });
        await record('autopay from the disbursement account', res);
      } else if (name === 'IDENTITY_VERIFICATION' && once(`identity:${done.size}`)) {
        const res = await upload('identity document', `${engine}/identity`, SANDBOX_ID_PNG, {
          idType: 'DRIVERS_LICENSE',
        });
        await record("upload the driver's license", res);
      } else if (name === 'NOTE_SIGNING' && once('sign')) {
        const list = (await call('closing documents', 'GET', `${engine}/closing-documents`)).json() as {
          documents: { uuid: string; type: string; signingMethod: string }[];
        };
        let res: LightMyRequestResponse | null = null;
        const signed: string[] = [];
        let waitedMs = 0;
        for (const doc of list.documents.filter((each) => each.signingMethod === 'ESIGN')) {
          const sign = () =>
            call(
              `sign ${doc.type}`,
              'POST',
              `${engine}/signing/sign`,
              {
                documentUuid: doc.uuid,
                esignConsent: true,
                esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
                scrolledToBottom: true,
              },
              [200, 409],
            );
          res = await sign();
          // Texas: the 12-day notice has not run yet; the borrower comes back on the first day allowed.
          const earliest = res.statusCode === 409 ? detailInstant(res, 'earliestClosingAt') : null;
          if (earliest) {
            const gap = Math.max(0, earliest.getTime() - clock.now().getTime());
            clock.advance(gap);
            waitedMs += gap;
            res = await sign();
          }
          if (res.statusCode !== 200) throw new UnexpectedAnswer(`sign ${doc.type}`, res);
          signed.push(doc.type);
        }
        deedUuid = list.documents.find((doc) => doc.type === 'DEED_OF_TRUST')?.uuid ?? null;
        await record(
          waitedMs > 0
            ? `wait out the Texas 12-day notice, e-sign ${signed.length} documents`
            : `e-sign ${signed.length} documents`,
          res,
          waitedMs > 0 ? { waitedMs } : {},
        );
      } else if (name === 'NOTARY_DISCLOSURE' && once('notary-choice')) {
        const res = await call('notary choice', 'POST', `${engine}/notary/choice`, { method: 'ENOTARY' });
        await record('choose the electronic notary', res);
      } else if (name === 'DEED_SIGNING' && deedUuid && once(`enotary:${done.size}`)) {
        let sessionRes = await call(
          'notary session',
          'POST',
          `${engine}/notary/session`,
          undefined,
          [200, 409],
        );
        // Outside the notaries' hours: the borrower comes back when they open.
        const opens = sessionRes.statusCode === 409 ? detailInstant(sessionRes, 'nextAvailableAt') : null;
        let notaryWaitMs = 0;
        if (opens) {
          notaryWaitMs = Math.max(0, opens.getTime() - clock.now().getTime());
          clock.advance(notaryWaitMs);
          sessionRes = await call('notary session', 'POST', `${engine}/notary/session`);
        }
        if (sessionRes.statusCode !== 200) throw new UnexpectedAnswer('notary session', sessionRes);
        const session = sessionRes.json() as { questions: { id: string; choices: string[] }[] };
        const address = SIMULATION_ADDRESSES[state];
        const pick = (id: string, wanted: string) =>
          session.questions
            .find((question) => question.id === id)
            ?.choices.find((choice) => choice.toLowerCase().includes(wanted.toLowerCase())) ?? '';
        await call('notary identity', 'POST', `${engine}/notary/session/identity`, {
          answers: {
            birthYear: body.dob.slice(0, 4),
            street: pick('street', address.street1.split(' ').slice(1).join(' ')),
            city: pick('city', address.city),
          },
        });
        await call('notary review', 'POST', `${engine}/notary/session/review`, {
          documentUuid: deedUuid,
          scrolledToBottom: true,
        });
        const res = await call('notary sign', 'POST', `${engine}/notary/session/sign`, {
          esignConsent: true,
        });
        await record(
          notaryWaitMs > 0
            ? 'wait for notary hours; eNotary session: identity questions, deed reviewed and signed'
            : 'eNotary session: identity questions, deed reviewed and signed',
          res,
          notaryWaitMs > 0 ? { waitedMs: notaryWaitMs } : {},
        );
      } else if (name === 'TRUST_AND_INSURANCE' && once('insurance')) {
        const requirements = (
          await call('insurance requirements', 'GET', `${engine}/insurance/requirements`)
        ).json() as { requirements: { type: string; required: boolean }[] };
        let res: LightMyRequestResponse | null = null;
        const uploaded: string[] = [];
        for (const requirement of requirements.requirements.filter((each) => each.required)) {
          res = await upload(
            `upload ${requirement.type} insurance`,
            `${engine}/insurance/upload/${requirement.type}`,
            documentPdf(`${requirement.type} insurance`),
          );
          uploaded.push(requirement.type);
        }
        await record(`upload proof of ${uploaded.join(' and ')} insurance`, res);
      } else if (await nextQueuedJob()) {
        // A waiting period (notary appointment, rescission, recording, funding, valuation report):
        // nothing for the borrower to do; the clock moves to when the next job is due.
        const next = (await nextQueuedJob())!;
        const gap = Math.max(0, next.runAfter.getTime() - clock.now().getTime());
        clock.advance(gap);
        const jobsRun = await server.jobs.runDue();
        await record(`wait for ${next.kind}`, null, { waitedMs: gap, jobsRun });
      } else {
        stop = {
          reason: 'needs-input',
          detail: `${name} (${screen}) needs more than the simulator can give`,
        };
        break;
      }
    }
  } catch (caught) {
    if (!(caught instanceof UnexpectedAnswer)) throw caught;
    error = { action: caught.action, httpStatus: caught.res.statusCode, body: caught.res.body.slice(0, 500) };
    stop = { reason: 'http-error', detail: `${caught.action} answered ${caught.res.statusCode}` };
  } finally {
    if (drivenFrom > 0) drivenMs = Math.round(performance.now() - drivenFrom);
    if (!options.target) {
      await app?.close();
      await database?.close();
    }
  }

  const settled = seen.last;
  const final = {
    status: settled?.answer.status ?? 'NONE',
    screen: settled?.screen ?? '',
    applicationStatus: settled?.answer.applicationStatus ?? null,
  };
  return {
    scenario,
    lastName,
    state,
    orgCode,
    applicationUuid: seen.session?.applicationUuid ?? null,
    timeline,
    final,
    stop,
    expected,
    ok: error === undefined && final.status === expected,
    drivenMs,
    credentials: seen.session?.headers ?? null,
    ...(error && { error }),
  };
}

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
