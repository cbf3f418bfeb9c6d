import { describe, expect, it } from 'vitest';
import {
  BORROWER_MAIL_LINKS,
  borrowerMailForAudit,
  CALENDAR_GATED_REMINDER_STEP,
  CO_OWNER_MAIL_LINKS,
  coOwnerMailKey,
  concernsCoOwners,
  reminderAfterCalendarWait,
  reminderAnchorFor,
  isMarketingMail,
  MAX_REMINDERS,
  nextSendableAt,
  REMINDER_STEP_SCREENS,
  reminderDueAt,
  timeZoneForState,
} from './borrower-mail';
import { ROUTING_TABLE } from './routing/routing-table';
import { STEP_ROUTES } from './routing/step-paths';

const app = '7b0c6d4e-0000-4000-8000-000000000001';
const who = '7b0c6d4e-0000-4000-8000-0000000000aa';

describe('borrowerMailForAudit: which movement sends which e-mail, keyed once', () => {
  const step = (action: string, fromStep: string, toStep: string) => ({
    kind: 'STEP_CHANGE' as const,
    action,
    fromStep,
    toStep,
  });
  const act = (action: string) => ({ kind: 'ACTION' as const, action });
  it.each([
    [act('APPLICATION_CREATED'), 'WELCOME', `WELCOME:${who}`],
    [
      step('OFFERS_READY', 'WAITING_FOR_UNDERWRITING', 'OFFER_SELECTION'),
      'OFFER_READY',
      `OFFER_READY:${app}:7`,
    ],
    [step('SUBMIT_ASSETS', 'ASSETS_PREQUAL', 'OFFER_SELECTION'), 'OFFER_READY', `OFFER_READY:${app}:7`],
    [
      step('APPLICATION_SUBMITTED', 'APP_SUBMISSION', 'INCOME_VERIFICATION'),
      'APPLICATION_SUBMITTED',
      `APPLICATION_SUBMITTED:${app}`,
    ],
    [act('CONDITION_RAISED'), 'CONDITION_RAISED', `CONDITION_RAISED:${app}:7`],
    [
      step('BPO_COMPLETED', 'BPO_PROCESSING', 'GEN_CLOSING_DOCS'),
      'VALUATION_DONE',
      `VALUATION_DONE:${app}:7`,
    ],
    [
      step('BPO_COMPLETED_PREQUAL', 'BPO_PROCESSING', 'WAITING_FOR_UNDERWRITING'),
      'VALUATION_DONE',
      `VALUATION_DONE:${app}:7`,
    ],
    [
      step('BPO_CLTV_LIMITED', 'BPO_PROCESSING', 'CLTV_REQUALIFY'),
      'VALUATION_DONE',
      `VALUATION_DONE:${app}:7`,
    ],
    [
      step('CLOSING_DOCS_READY', 'GEN_CLOSING_DOCS', 'NOTE_SIGNING'),
      'DOCUMENTS_READY',
      `DOCUMENTS_READY:${app}`,
    ],
    [
      step('RESERVE_NOTARY', 'MANUAL_DEED_SIGNING', 'NOTARY_WAITING_PERIOD'),
      'NOTARY_APPOINTMENT',
      `NOTARY_APPOINTMENT:${app}:7`,
    ],
    [step('RESCISSION_STARTED', 'GEN_RESCISSION', 'RESCISSION'), 'RIGHT_TO_CANCEL', `RIGHT_TO_CANCEL:${app}`],
    [step('FUNDED', 'FUNDABLE', 'COMPLETE'), 'FUNDED', `FUNDED:${app}`],
    [act('ADVERSE_ACTION_NOTICE'), 'DECLINED', `DECLINED:${app}`],
    [step('RESCINDED', 'RESCISSION', 'CANCELLED'), 'CANCELLED', `CANCELLED:${app}`],
    [step('CANCEL', 'OFFER_SELECTION', 'CANCELLED'), 'CANCELLED', `CANCELLED:${app}`],
  ])('%o → %s', (entry, kind, key) => {
    expect(borrowerMailForAudit({ ...entry, applicationUuid: app, identityUuid: who, eventId: 7 })).toEqual({
      kind,
      key,
    });
  });

  it.each([
    step('STAFF_COUNTER_OFFER', 'OFFER_SELECTION', 'OFFER_SELECTION'),
    step('DECLINE', 'WAITING_FOR_UNDERWRITING', 'DECLINED'),
    step('SELECT_OFFER', 'OFFER_SELECTION', 'COLLECT_ADDITIONAL_INFO'),
    act('CONDITION_CLEARED'),
    act('REMINDER_SENT'),
    step('CANCEL', 'CANCELLED', 'CANCELLED'),
  ])('%o sends nothing', (entry) => {
    expect(
      borrowerMailForAudit({ ...entry, applicationUuid: app, identityUuid: who, eventId: 7 }),
    ).toBeNull();
  });

  it('only reminders are marketing-type mail', () => {
    expect(isMarketingMail('REMINDER')).toBe(true);
    for (const kind of Object.keys(BORROWER_MAIL_LINKS))
      expect(isMarketingMail(kind as 'FUNDED')).toBe(false);
  });
});

describe('reminders', () => {
  it('each reminder step links to the screen the routing table gives that status', () => {
    for (const [status, screen] of Object.entries(REMINDER_STEP_SCREENS)) {
      expect(STEP_ROUTES).toContain(screen);
      const rows = ROUTING_TABLE.filter((row) => (row.statuses as readonly string[]).includes(status));
      const destinations = rows.flatMap((row) => row.destinations as readonly string[]);
      // Statuses the routing table leaves to the client machine are not checked against it.
      if (destinations.length > 0) expect(destinations, status).toContain(screen);
    }
  });

  it('are due 45 minutes after leaving, then every 48 hours, three at most', () => {
    const anchor = new Date('2026-12-01T18:00:00Z');
    expect(MAX_REMINDERS).toBe(3);
    expect([1, 2, 3].map((n) => reminderDueAt(anchor, n).toISOString())).toEqual([
      '2026-12-01T18:45:00.000Z',
      '2026-12-03T18:45:00.000Z',
      '2026-12-05T18:45:00.000Z',
    ]);
  });

  it('reminderAnchorFor is reminderDueAt’s inverse', () => {
    const due = new Date('2026-12-12T14:00:00Z');
    for (const n of [1, 2, 3]) expect(reminderDueAt(reminderAnchorFor(due, n), n)).toEqual(due);
  });

  it.each([
    // [instant, state, expected]
    ['2026-12-01T18:00:00Z', 'CA', '2026-12-01T18:00:00.000Z'], // 10:00 PST: now
    ['2026-12-02T05:00:00Z', 'CA', '2026-12-02T16:00:00.000Z'], // 21:00 PST → 08:00 PST next morning
    ['2026-12-02T13:00:00Z', 'CA', '2026-12-02T16:00:00.000Z'], // 05:00 PST → 08:00 PST same morning
    ['2026-12-02T02:30:00Z', 'NY', '2026-12-02T13:00:00.000Z'], // 21:30 EST → 08:00 EST
    ['2026-12-02T02:30:00Z', 'CA', '2026-12-02T02:30:00.000Z'], // 18:30 PST: now
    ['2026-12-02T03:30:00Z', 'TX', '2026-12-02T14:00:00.000Z'], // 21:30 CST → 08:00 CST
    ['2026-07-01T04:30:00Z', 'CA', '2026-07-01T15:00:00.000Z'], // 21:30 PDT (daylight saving) → 08:00 PDT
    ['2026-12-02T07:30:00Z', 'HI', '2026-12-02T18:00:00.000Z'], // 21:30 HST → 08:00 HST
  ])('%s in %s → %s', (at, state, expected) => {
    expect(nextSendableAt(new Date(at), timeZoneForState(state)).toISOString()).toBe(expected);
  });

  it('takes the time zone from the property state, Pacific when unknown', () => {
    expect(timeZoneForState('ny')).toBe('America/New_York');
    expect(timeZoneForState('ND')).toBe('America/Chicago');
    expect(timeZoneForState(null)).toBe('America/Los_Angeles');
  });
});

describe('co-owners', () => {
  it('receive their documents, the right to cancel, funding and cancellation, nothing else', () => {
    expect(Object.keys(CO_OWNER_MAIL_LINKS).sort()).toEqual(
      ['CANCELLED', 'DOCUMENTS_READY', 'FUNDED', 'RIGHT_TO_CANCEL'].sort(),
    );
    for (const kind of ['WELCOME', 'OFFER_READY', 'DECLINED', 'REMINDER', 'NOTARY_APPOINTMENT'] as const)
      expect(concernsCoOwners(kind), kind).toBe(false);
  });

  it('each owner’s copy has its own key, derived from the borrower’s', () => {
    expect(coOwnerMailKey(`FUNDED:${app}`, who)).toBe(`FUNDED:${app}:co-owner:${who}`);
    expect(coOwnerMailKey(`FUNDED:${app}`, who)).not.toBe(coOwnerMailKey(`FUNDED:${app}`, app));
  });
});

describe('a step that waits on the calendar (the Texas 12-day notice)', () => {
  it('is the closing signature, a reminder step', () => {
    expect(CALENDAR_GATED_REMINDER_STEP).toBe('NOTE_SIGNING');
    expect(REMINDER_STEP_SCREENS[CALENDAR_GATED_REMINDER_STEP]).toBe('signing/intro');
  });

  const tz = timeZoneForState('TX');
  it.each([
    // [due, opens, expected]
    // Closed for days: the day it opens (midnight in Texas), moved to 08:00 out of the quiet hours.
    ['2026-12-02T16:00:00Z', '2026-12-12T06:00:00Z', '2026-12-12T14:00:00.000Z'],
    // Opens before the reminder is due: the reminder as planned.
    ['2026-12-14T16:00:00Z', '2026-12-12T06:00:00Z', '2026-12-14T16:00:00.000Z'],
    // Not closed: as planned (quiet hours still apply).
    ['2026-12-14T16:00:00Z', null, '2026-12-14T16:00:00.000Z'],
    ['2026-12-15T04:00:00Z', null, '2026-12-15T14:00:00.000Z'],
  ])('due %s, opens %s → %s', (due, opens, expected) => {
    expect(reminderAfterCalendarWait(new Date(due), opens ? new Date(opens) : null, tz).toISOString()).toBe(
      expected,
    );
  });
});
