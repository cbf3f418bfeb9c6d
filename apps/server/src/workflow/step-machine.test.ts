/** Step changes on a real database: table-guarded, one writer at a time, always audited. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db';
import { AppError } from '../lib/errors';
import { ManualClock } from '../lib/clock';
import { createTestApp, type TestApp } from '../test/app';
import { registerAndSignIn } from '../test/auth';
import { listEvents } from './audit';
import { applyTransition, findTransition, withApplicationLock, type StepTable } from './step-machine';

const table: StepTable = {
  transitions: [
    { action: 'SUBMIT_PROFILE', from: ['IN_PROGRESS'], to: 'WAITING_FOR_CREDIT' },
    { action: 'CREDIT_MATCHED', from: ['WAITING_FOR_CREDIT'], to: 'LIEN_VERIFICATION' },
    { action: 'DECLINE', from: '*', to: 'DECLINED' },
  ],
  final: ['DECLINED', 'COMPLETE', 'CANCELLED'],
};

let t: TestApp;
const clock = new ManualClock('2026-03-02T16:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1000 });
});
afterAll(async () => t.close());

const borrowerApplication = async () => {
  const borrower = await registerAndSignIn(t.app);
  return { borrower, uuid: borrower.applicationUuid };
};
const stepOf = async (uuid: string) =>
  (
    await t.database.db.select().from(schema.helocApplications).where(eq(schema.helocApplications.uuid, uuid))
  )[0]!.step;

describe('findTransition', () => {
  it.each([
    ['IN_PROGRESS', 'SUBMIT_PROFILE', 'WAITING_FOR_CREDIT'],
    ['WAITING_FOR_CREDIT', 'SUBMIT_PROFILE', null],
    ['LIEN_VERIFICATION', 'DECLINE', 'DECLINED'],
    ['DECLINED', 'DECLINE', null],
    ['COMPLETE', 'SUBMIT_PROFILE', null],
    ['IN_PROGRESS', 'NO_SUCH_ACTION', null],
  ])('%s + %s → %s', (from, action, to) => {
    expect(findTransition(table, from, action)?.to ?? null).toBe(to);
  });
});

describe('applyTransition', () => {
  it('moves along the table and audits who, when, from, to and why', async () => {
    const { borrower, uuid } = await borrowerApplication();
    await withApplicationLock(t.database.db, uuid, (tx, application) =>
      applyTransition(tx, clock, table, application, 'SUBMIT_PROFILE', {
        actor: { type: 'BORROWER', uuid: borrower.identityUuid },
        data: { consent: 'SOFT_CREDIT' },
      }),
    );
    await withApplicationLock(t.database.db, uuid, (tx, application) =>
      applyTransition(tx, clock, table, application, 'CREDIT_MATCHED', {
        actor: { type: 'PROVIDER' },
        reason: 'bureau match',
      }),
    );
    expect(await stepOf(uuid)).toBe('LIEN_VERIFICATION');
    const events = await listEvents(t.database.db, uuid);
    // The trail starts with the application's creation (registration audits it).
    expect(events.map((e) => [e.actorType, e.action, e.fromStep, e.toStep])).toEqual([
      ['BORROWER', 'APPLICATION_CREATED', 'IN_PROGRESS', 'IN_PROGRESS'],
      ['BORROWER', 'SUBMIT_PROFILE', 'IN_PROGRESS', 'WAITING_FOR_CREDIT'],
      ['PROVIDER', 'CREDIT_MATCHED', 'WAITING_FOR_CREDIT', 'LIEN_VERIFICATION'],
    ]);
    expect(events[1]).toMatchObject({ actorUuid: borrower.identityUuid, data: { consent: 'SOFT_CREDIT' } });
    expect(events[2]).toMatchObject({ reason: 'bureau match', at: clock.now() });
  });

  it('an out-of-order action answers 409 with the current step and changes nothing', async () => {
    const { uuid } = await borrowerApplication();
    const attempt = withApplicationLock(t.database.db, uuid, (tx, application) =>
      applyTransition(tx, clock, table, application, 'CREDIT_MATCHED', { actor: { type: 'PROVIDER' } }),
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      details: { step: 'IN_PROGRESS' },
    });
    expect(await stepOf(uuid)).toBe('IN_PROGRESS');
    expect((await listEvents(t.database.db, uuid)).map((e) => e.action)).toEqual(['APPLICATION_CREATED']);
  });

  it('concurrent requests for one step change: exactly one wins, the other sees the new step', async () => {
    const { borrower, uuid } = await borrowerApplication();
    const submit = () =>
      withApplicationLock(t.database.db, uuid, (tx, application) =>
        applyTransition(tx, clock, table, application, 'SUBMIT_PROFILE', {
          actor: { type: 'BORROWER', uuid: borrower.identityUuid },
        }),
      ).then(
        () => 'ok',
        (error: unknown) => (error instanceof AppError ? error.code : 'unexpected'),
      );
    const outcomes = await Promise.all([submit(), submit(), submit()]);
    expect(outcomes.sort()).toEqual(['CONFLICT', 'CONFLICT', 'ok']);
    expect((await listEvents(t.database.db, uuid)).filter((e) => e.kind === 'STEP_CHANGE')).toHaveLength(1);
  });

  it('an unknown application is a 404', async () => {
    await expect(
      withApplicationLock(t.database.db, '00000000-0000-4000-8000-000000000000', async () => 'never'),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the audit trail is append-only', () => {
  it('refuses UPDATE and DELETE', async () => {
    const { borrower, uuid } = await borrowerApplication();
    await withApplicationLock(t.database.db, uuid, (tx, application) =>
      applyTransition(tx, clock, table, application, 'SUBMIT_PROFILE', {
        actor: { type: 'BORROWER', uuid: borrower.identityUuid },
      }),
    );
    // Drizzle wraps the database error; the trigger's message is on its cause.
    const refusal = (error: { message: string; cause?: { message?: string } }) =>
      `${error.message} ${error.cause?.message ?? ''}`;
    await expect(
      t.database.db
        .execute(sql`update application_events set reason = 'rewritten'`)
        .catch((e) => Promise.reject(refusal(e))),
    ).rejects.toMatch(/append-only \(UPDATE refused\)/);
    await expect(
      t.database.db.execute(sql`delete from application_events`).catch((e) => Promise.reject(refusal(e))),
    ).rejects.toMatch(/append-only \(DELETE refused\)/);
    expect(await listEvents(t.database.db, uuid)).toHaveLength(2);
  });
});
