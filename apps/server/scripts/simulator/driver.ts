/**
 * The sandbox driver (`npm run simulate`, scripts/simulate.ts; the borrower's answers are the one
 * borrower driver's, @heloc/borrower-driver, over `inject`; the types and arguments in model.ts): builds the real app in-process on a
 * fresh in-memory database with a ManualClock and the sandbox providers, registers a borrower whose
 * last name is the scenario (DESIGN.md §7), then drives the application through the HTTP API with
 * `inject()` as the browser would: one borrower action, the due provider jobs (moving the clock past
 * retry backoffs), the polled status and the screen the browser would show for it. It answers what
 * each settled status asks (SSN, PIN, property choice, liens, offer) and stops at a final status, at a
 * screen this slice cannot answer yet, or after a bounded number of steps. No network, no port.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, min, notLike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  isFinalStatus,
  isWaitingStatus,
  resolveDestination,
  ZApplicationStatusResponse,
  ZHelocApplicationView,
  ZProfile,
  type TRegistrationInput,
} from '@heloc/domain';
import {
  borrower,
  createClient,
  injectTransport,
  register,
  UnexpectedAnswer,
  type Answer,
  type Client,
} from '@heloc/borrower-driver';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, schema } from '../../src/db';
import { ManualClock } from '../../src/lib/clock';
import { createSandboxProviders, SANDBOX_VALUES, scenarioForLastName } from '../../src/providers';
import { seedDatabase } from '../../src/seed/seed';

/**
 * The borrower's e-mails and reminders (mail.borrower, mail.reminder) are no waiting period: the
 * clock is never moved for them (they still run when the clock passes them).
 */
const MAIL_JOBS = 'mail.%';
import { MemoryFileStorage } from '../../src/storage';
import {
  answeredStatus,
  DEFAULT_SSN_ENDING,
  ENGINE_URL,
  expectedEnd,
  MAX_CLOCK_MOVES,
  SIMULATION_ADDRESSES,
  STATUS_URL,
  type Look,
  type Session,
  type SimulateOptions,
  type SimulationResult,
  type TimelineEntry,
  type TimelineFacts,
} from './model';

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

    const transport = injectTransport(server);
    // Set once registration has signed the borrower in; every call below runs as them.
    let client: Client | null = null;
    const call = (action: string, method: 'GET' | 'POST', url: string): Promise<Answer> =>
      client!.call(action, method, url);

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
          .where(and(eq(schema.jobs.status, 'queued'), notLike(schema.jobs.kind, MAIL_JOBS)));
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

    const record = async (action: string, res: Answer | null, facts: TimelineFacts = {}): Promise<void> => {
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
        ...(res && { httpStatus: res.status }),
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
    const registered = await register(transport, body, { orgCode, carryCookies: true });
    const { applicationUuid } = registered.session;
    client = createClient(transport, registered.session);
    seen.session = {
      applicationUuid,
      headers: {
        authorization: registered.session.headers.authorization!,
        cookie: registered.session.headers.cookie!,
      },
    };
    await record(`register (${orgCode}, ${state})`, registered.answer);

    /** The queued job due soonest (a waiting period's end), if any. */
    const nextQueuedJob = async (): Promise<{ kind: string; runAfter: Date } | null> => {
      const [next] = await server.db
        .select({ kind: schema.jobs.kind, runAfter: schema.jobs.runAfter })
        .from(schema.jobs)
        .where(and(eq(schema.jobs.status, 'queued'), notLike(schema.jobs.kind, MAIL_JOBS)))
        .orderBy(asc(schema.jobs.runAfter))
        .limit(1);
      return next ?? null;
    };
    const driver = borrower(client, {
      firstName: 'Sandy',
      lastName,
      dob: body.dob,
      email: body.email,
      phoneNumber: body.phoneNumber,
      address: SIMULATION_ADDRESSES[state],
      ssnEnding,
      pin,
      ...(options.amountDollars !== undefined && {
        offer: { amountCents: Math.round(options.amountDollars * 100), exactAmount: true },
      }),
      employerName: 'Sandbox Tools Inc.',
      assetsBalanceCents: SANDBOX_VALUES.assetsBalanceCents,
      estimatedValueCents: SANDBOX_VALUES.avmValueCents,
      // The Texas notice and notaries' hours: the simulated borrower comes back when allowed.
      waitUntil: async (at) => {
        const gap = Math.max(0, at.getTime() - clock.now().getTime());
        clock.advance(gap);
        return gap;
      },
    });

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
      const move = await driver.move(name, screen);
      if (move.kind === 'moved') {
        await record(move.description, move.answer, move.facts);
        continue;
      }
      if (move.kind === 'needs-input') {
        stop = { reason: 'needs-input', detail: move.detail };
        break;
      }
      if (await nextQueuedJob()) {
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
    error = {
      action: caught.action,
      httpStatus: caught.answer.status,
      body: caught.answer.body.slice(0, 500),
    };
    stop = { reason: 'http-error', detail: `${caught.action} answered ${caught.answer.status}` };
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
