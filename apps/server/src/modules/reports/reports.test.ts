/**
 * The reports through HTTP on the embedded database: known rows seeded into March 2025 (before any
 * demo data, which is created "now") for MAIN, CASCADE_TEACHERS and SILVER_FERN, and the exact figures
 * each report answers; the access policy (REPORTS_READ, own organisation, 404 for another). The
 * tenant matrix (modules/staff/tenant-matrix.test.ts) covers every role and organisation as well.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReport, type TReport } from '@heloc/domain';
import { schema } from '../../db';
import { LOAN_ORIGINATOR_IDS } from '../../seed/loan-originators';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn, type Credentials } from '../../test/auth';

const BASE = '/service-ops/api/v1/reports';
const PASSWORD = 'Ops-password-1';
const MARCH = 'from=2025-03-01&to=2025-03-31';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let underwriter: Credentials;
let loanOfficer: Credentials;
let cascadeAdmin: Credentials;
let platform: Credentials;
const now = Date.now();

type AppSpec = {
  orgCode: string;
  createdAt: string;
  step: string;
  state: string;
  referrer?: string;
  stepChangedAt?: Date;
  /** [hours after createdAt, action, from, to, reason?, data?] */
  events?: [number, string, string | null, string, string?, Record<string, unknown>?][];
  actions?: [number, string][];
};

let n = 0;
async function application(spec: AppSpec): Promise<string> {
  n += 1;
  const identityUuid = randomUUID();
  const addressUuid = randomUUID();
  const uuid = randomUUID();
  const createdAt = new Date(spec.createdAt);
  const db = t.database.db;
  await db.insert(schema.identities).values({
    uuid: identityUuid,
    email: `reports-${n}@example.com`,
    passwordHash: '!',
    organizationCode: spec.orgCode,
    profileType: 'BORROWER',
  });
  await db.insert(schema.profileAddresses).values({
    uuid: addressUuid,
    identityUuid,
    street1: `${n} Report Road`,
    city: 'Somewhere',
    state: spec.state,
    zip: '90001',
  });
  await db.insert(schema.helocApplications).values({
    uuid,
    identityUuid,
    orgCode: spec.orgCode,
    step: spec.step,
    selectedPropertyUuid: addressUuid,
    referrerUuid: spec.referrer ?? null,
    createdAt,
    updatedAt: createdAt,
    stepChangedAt: spec.stepChangedAt ?? createdAt,
  });
  const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR);
  const rows = [
    ...(spec.events ?? []).map(([hours, action, fromStep, toStep, reason, data]) => ({
      applicationUuid: uuid,
      at: at(hours),
      actorType: 'SYSTEM',
      kind: 'STEP_CHANGE',
      action,
      fromStep,
      toStep,
      reason: reason ?? null,
      data: data ?? {},
    })),
    ...(spec.actions ?? []).map(([hours, action]) => ({
      applicationUuid: uuid,
      at: at(hours),
      actorType: 'BORROWER',
      kind: 'ACTION',
      action,
    })),
  ];
  if (rows.length > 0) await db.insert(schema.applicationEvents).values(rows);
  return uuid;
}

async function sessions(orgCode: string, count: number, event: string, at: string, from = 0) {
  await t.database.db.insert(schema.telemetryEvents).values(
    Array.from({ length: count }, (_, i) => ({
      sessionUuid: `00000000-0000-4000-8000-${orgCode.length.toString().padStart(2, '0')}${String(from + i).padStart(10, '0')}`,
      trackerUuid: randomUUID(),
      orgCode,
      context: 'heloc',
      event,
      eventType: 'TRACK',
      domain: 'test',
      pagePath: '/',
      dedupeKey: event,
      receivedAt: new Date(at),
    })),
  );
}

async function report(who: Credentials, kind: string, query: string): Promise<TReport> {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/${kind}?${query}`, headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return ZReport.parse(res.json());
}
const table = (answer: TReport, key: string) => answer.tables.find((each) => each.key === key)!;

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true });
  underwriter = await signIn(t.app, 'processor@heloc.test', PASSWORD);
  loanOfficer = await signIn(t.app, 'lo@heloc.test', PASSWORD);
  cascadeAdmin = await signIn(t.app, 'ops-cascade@heloc.test', PASSWORD);
  platform = await signIn(t.app, 'admin@heloc.test', PASSWORD);

  // MAIN, March 2025. A1 goes all the way (Jordan Reyes, CA).
  await application({
    orgCode: 'MAIN',
    createdAt: '2025-03-05T10:00:00Z',
    step: 'COMPLETE',
    state: 'CA',
    referrer: LOAN_ORIGINATOR_IDS.mainJordanReyes,
    events: [
      [0, 'OFFERS_READY', 'WAITING_FOR_UNDERWRITING', 'OFFER_SELECTION'],
      [10, 'SELECT_OFFER', 'OFFER_SELECTION', 'COLLECT_ADDITIONAL_INFO'],
      [30, 'SUBMIT_APPLICATION', 'SUMMARY', 'HARD_CREDIT_PULL'],
      [50, 'CLOSING_SIGNED', 'NOTE_SIGNING', 'GEN_NOTARY_DOCS'],
      [70, 'FUNDED', 'FUNDABLE', 'COMPLETE'],
    ],
  });
  // A2: chose an offer, then an underwriter declined it (Jordan Reyes, TX).
  await application({
    orgCode: 'MAIN',
    createdAt: '2025-03-06T10:00:00Z',
    step: 'DECLINED',
    state: 'TX',
    referrer: LOAN_ORIGINATOR_IDS.mainJordanReyes,
    events: [
      [0, 'OFFERS_READY', 'WAITING_FOR_UNDERWRITING', 'OFFER_SELECTION'],
      [20, 'SELECT_OFFER', 'OFFER_SELECTION', 'COLLECT_ADDITIONAL_INFO'],
      [
        26,
        'STAFF_DECLINE',
        'COLLECT_ADDITIONAL_INFO',
        'DECLINED',
        'Income too low',
        {
          reasons: ['INSUFFICIENT_INCOME', 'EXCESSIVE_OBLIGATIONS'],
        },
      ],
    ],
  });
  // A3: offered, a counter-offer (same step: no new visit), then left alone 40 days (Alicia Moreno, CA).
  await application({
    orgCode: 'MAIN',
    createdAt: '2025-03-07T10:00:00Z',
    step: 'OFFER_SELECTION',
    state: 'CA',
    referrer: LOAN_ORIGINATOR_IDS.mainAliciaMoreno,
    stepChangedAt: new Date(now - 40 * DAY),
    events: [
      [0, 'OFFERS_READY', 'WAITING_FOR_UNDERWRITING', 'OFFER_SELECTION'],
      [5, 'STAFF_COUNTER_OFFER', 'OFFER_SELECTION', 'OFFER_SELECTION'],
    ],
  });
  // A4: declined automatically (no loan officer, TX); A5: stuck 10 days in the profile (CA).
  await application({
    orgCode: 'MAIN',
    createdAt: '2025-03-08T10:00:00Z',
    step: 'DECLINED',
    state: 'TX',
    events: [[0, 'DECLINE', 'WAITING_FOR_UNDERWRITING', 'DECLINED', 'DTI_ABOVE_CAP']],
  });
  await application({
    orgCode: 'MAIN',
    createdAt: '2025-03-09T10:00:00Z',
    step: 'IN_PROGRESS',
    state: 'CA',
    stepChangedAt: new Date(now - 10 * DAY),
  });
  // Outside the range (April) and another organisation: never in MAIN's March figures.
  await application({
    orgCode: 'MAIN',
    createdAt: '2025-04-10T10:00:00Z',
    step: 'COMPLETE',
    state: 'CA',
    events: [[0, 'FUNDED', 'FUNDABLE', 'COMPLETE']],
  });
  await application({
    orgCode: 'CASCADE_TEACHERS',
    createdAt: '2025-03-05T10:00:00Z',
    step: 'COMPLETE',
    state: 'WA',
    events: [
      [0, 'OFFERS_READY', 'WAITING_FOR_UNDERWRITING', 'OFFER_SELECTION'],
      [4, 'FUNDED', 'OFFER_SELECTION', 'COMPLETE'],
    ],
  });
  await sessions('MAIN', 8, 'HELOC: Page View', '2025-03-04T09:00:00Z');
  await sessions('MAIN', 4, 'HELOC: Account Created', '2025-03-04T09:05:00Z');
  await sessions('MAIN', 1, 'HELOC: Page View', '2025-04-10T09:00:00Z', 100);
  await sessions('CASCADE_TEACHERS', 3, 'HELOC: Page View', '2025-03-04T09:00:00Z', 200);

  // SILVER_FERN operations: conditions of ages 1, 5 and 40 days, one cleared; four chats.
  const fern = await application({
    orgCode: 'SILVER_FERN',
    createdAt: '2025-03-02T10:00:00Z',
    step: 'INCOME_VERIFICATION',
    state: 'OR',
  });
  await t.database.db.insert(schema.applicationConditions).values(
    [1, 5, 40, 3].map((days, i) => ({
      applicationUuid: fern,
      category: 'GENERIC_DOCUMENT_REQUEST',
      createdAt: new Date(now - days * DAY - HOUR),
      clearedAt: i === 3 ? new Date(now) : null,
    })),
  );
  const chat = async (kind: string, at: string, answeredAfterSeconds: number | null) => {
    const [row] = await t.database.db
      .insert(schema.chatConversations)
      .values({
        kind,
        status: 'ENDED',
        orgCode: 'SILVER_FERN',
        contactId: randomUUID(),
        createdAt: new Date(at),
      })
      .returning({ uuid: schema.chatConversations.uuid });
    await t.database.db.insert(schema.chatMessages).values([
      {
        conversationUuid: row!.uuid,
        role: 'customer',
        author: 'Visitor',
        body: 'Hi',
        createdAt: new Date(at),
      },
      ...(answeredAfterSeconds === null
        ? []
        : [
            {
              conversationUuid: row!.uuid,
              role: 'agent',
              author: 'Agent',
              body: 'Hello',
              createdAt: new Date(new Date(at).getTime() + answeredAfterSeconds * 1000),
            },
          ]),
    ]);
  };
  await chat('LIVE', '2025-03-03T09:05:00Z', 30);
  await chat('LIVE', '2025-03-03T09:40:00Z', 90);
  await chat('LIVE', '2025-03-03T09:50:00Z', null);
  await chat('BOT', '2025-03-03T14:10:00Z', null);
}, 120_000);
afterAll(async () => t.close());

describe('GET /service-ops/api/v1/reports/funnel', () => {
  it('counts sessions from the telemetry and later stages from the audit trail, with conversions', async () => {
    const answer = await report(underwriter, 'funnel', MARCH);
    expect(answer).toMatchObject({ report: 'funnel', orgCode: 'MAIN', from: '2025-03-01', to: '2025-03-31' });
    expect(table(answer, 'stages').rows).toEqual([
      { stage: 'Sessions', reached: 8, fromPrevious: null, fromFirst: 100 },
      { stage: 'Registered', reached: 4, fromPrevious: 50, fromFirst: 50 },
      { stage: 'Offer shown', reached: 3, fromPrevious: 75, fromFirst: 37.5 },
      { stage: 'Offer selected', reached: 2, fromPrevious: 66.7, fromFirst: 25 },
      { stage: 'Submitted', reached: 1, fromPrevious: 50, fromFirst: 12.5 },
      { stage: 'Signed', reached: 1, fromPrevious: 100, fromFirst: 12.5 },
      { stage: 'Funded', reached: 1, fromPrevious: 100, fromFirst: 12.5 },
    ]);
  });

  it('platform staff: one organisation as asked, or every organisation together', async () => {
    const main = await report(platform, 'funnel', `${MARCH}&orgCode=main`);
    expect(table(main, 'stages').rows).toEqual(
      table(await report(underwriter, 'funnel', MARCH), 'stages').rows,
    );
    const all = await report(platform, 'funnel', MARCH);
    expect(all.orgCode).toBeNull();
    expect(table(all, 'stages').rows.map((row) => row.reached)).toEqual([11, 4, 4, 2, 1, 1, 2]);
  });

  it('takes whole UTC days: April alone holds the later application and session', async () => {
    const april = await report(underwriter, 'funnel', 'from=2025-04-10&to=2025-04-10');
    expect(table(april, 'stages').rows.map((row) => row.reached)).toEqual([1, 0, 0, 0, 0, 0, 1]);
  });
});

describe('GET /service-ops/api/v1/reports/step-times', () => {
  it('median and p90 hours per step, slowest first; stalled and abandoned open applications by step', async () => {
    const answer = await report(underwriter, 'step-times', MARCH);
    expect(table(answer, 'time-in-step').rows).toEqual([
      { step: 'GEN_NOTARY_DOCS', spans: 1, medianHours: 20, p90Hours: 20 },
      { step: 'HARD_CREDIT_PULL', spans: 1, medianHours: 20, p90Hours: 20 },
      { step: 'OFFER_SELECTION', spans: 2, medianHours: 10, p90Hours: 20 },
      { step: 'COLLECT_ADDITIONAL_INFO', spans: 2, medianHours: 6, p90Hours: 20 },
    ]);
    expect(table(answer, 'stalls').rows).toEqual([
      { step: 'OFFER_SELECTION', open: 1, stalled: 0, abandoned: 1 },
      { step: 'IN_PROGRESS', open: 1, stalled: 1, abandoned: 0 },
    ]);
  });

  it('moves the thresholds with stalledDays and abandonedDays', async () => {
    const answer = await report(underwriter, 'step-times', `${MARCH}&stalledDays=12&abandonedDays=60`);
    expect(table(answer, 'stalls').rows).toEqual([
      { step: 'OFFER_SELECTION', open: 1, stalled: 1, abandoned: 0 },
      { step: 'IN_PROGRESS', open: 1, stalled: 0, abandoned: 0 },
    ]);
    expect(table(answer, 'stalls').columns.map((c) => c.label)).toEqual([
      'Step',
      'Open',
      'Stalled (12+ days)',
      'Abandoned (60+ days)',
    ]);
  });
});

describe('GET /service-ops/api/v1/reports/pull-through', () => {
  it('per loan officer and per state: outcomes, pull-through and decline reasons', async () => {
    const answer = await report(underwriter, 'pull-through', MARCH);
    expect(table(answer, 'pull-through-officer').rows).toEqual([
      {
        label: '(no loan officer)',
        applications: 2,
        open: 1,
        funded: 0,
        declined: 1,
        cancelled: 0,
        pullThrough: 0,
      },
      {
        label: 'Jordan Reyes',
        applications: 2,
        open: 0,
        funded: 1,
        declined: 1,
        cancelled: 0,
        pullThrough: 50,
      },
      {
        label: 'Alicia Moreno',
        applications: 1,
        open: 1,
        funded: 0,
        declined: 0,
        cancelled: 0,
        pullThrough: 0,
      },
    ]);
    expect(table(answer, 'pull-through-state').rows).toEqual([
      { label: 'CA', applications: 3, open: 2, funded: 1, declined: 0, cancelled: 0, pullThrough: 33.3 },
      { label: 'TX', applications: 2, open: 0, funded: 0, declined: 2, cancelled: 0, pullThrough: 0 },
    ]);
    const byOfficer = table(answer, 'decline-reasons-officer');
    expect(byOfficer.columns.map((c) => c.key)).toEqual([
      'label',
      'reason:DTI_ABOVE_CAP',
      'reason:EXCESSIVE_OBLIGATIONS',
      'reason:INSUFFICIENT_INCOME',
    ]);
    expect(byOfficer.columns[3]!.label).toBe(
      'INSUFFICIENT_INCOME: Income insufficient for amount of credit requested',
    );
    expect(byOfficer.rows).toEqual([
      {
        label: '(no loan officer)',
        'reason:DTI_ABOVE_CAP': 1,
        'reason:EXCESSIVE_OBLIGATIONS': 0,
        'reason:INSUFFICIENT_INCOME': 0,
      },
      {
        label: 'Jordan Reyes',
        'reason:DTI_ABOVE_CAP': 0,
        'reason:EXCESSIVE_OBLIGATIONS': 1,
        'reason:INSUFFICIENT_INCOME': 1,
      },
    ]);
    expect(table(answer, 'decline-reasons-state').rows).toEqual([
      {
        label: 'TX',
        'reason:DTI_ABOVE_CAP': 1,
        'reason:EXCESSIVE_OBLIGATIONS': 1,
        'reason:INSUFFICIENT_INCOME': 1,
      },
    ]);
  });
});

describe('GET /service-ops/api/v1/reports/operations', () => {
  it('open conditions by age now; chats per UTC hour with response times', async () => {
    const answer = await report(platform, 'operations', `${MARCH}&orgCode=SILVER_FERN`);
    expect(table(answer, 'open-conditions').rows).toEqual([
      { age: '0–1 days', conditions: 1 },
      { age: '2–3 days', conditions: 0 },
      { age: '4–7 days', conditions: 1 },
      { age: '8–14 days', conditions: 0 },
      { age: '15–30 days', conditions: 0 },
      { age: 'over 30 days', conditions: 1 },
    ]);
    const volume = table(answer, 'chat-volume').rows;
    expect(volume).toHaveLength(24);
    expect(volume[9]).toEqual({ hour: '09:00', live: 3, chatbot: 0 });
    expect(volume[14]).toEqual({ hour: '14:00', live: 0, chatbot: 1 });
    expect(volume.reduce((sum, row) => sum + Number(row.live) + Number(row.chatbot), 0)).toBe(4);
    const response = table(answer, 'chat-response').rows;
    expect(response[9]).toEqual({ hour: '09:00', answered: 2, medianSeconds: 30, p90Seconds: 90 });
    expect(response[14]).toEqual({ hour: '14:00', answered: 0, medianSeconds: null, p90Seconds: null });
  });
});

describe('reports: access and input', () => {
  it('a loan officer has no reports (403); another organisation answers 404; no sign-in 401', async () => {
    const url = `${BASE}/funnel?${MARCH}`;
    expect((await t.app.inject({ method: 'GET', url, headers: loanOfficer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await t.app.inject({ method: 'GET', url: `${url}&orgCode=MAIN`, headers: cascadeAdmin });
    expect(other.statusCode).toBe(404);
    expect((await report(cascadeAdmin, 'funnel', MARCH)).orgCode).toBe('CASCADE_TEACHERS');
  });

  it('refuses reversed, invalid and overlong ranges with the reason', async () => {
    for (const [query, message] of [
      ['from=2025-03-02&to=2025-03-01', 'from is after to'],
      ['from=2024-01-01&to=2025-01-01', 'A report covers at most 366 days'],
      ['from=2025-02-30', ''],
      ['stalledDays=0', ''],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/funnel?${query}`, headers: underwriter });
      expect(res.statusCode, query).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
  });
});
