/**
 * The borrower's transactional e-mails and reminders (issue 19 items 2 and 3) as rules: which audited
 * movement sends which e-mail, the exact screen each one links to, the idempotency key that keeps an
 * event from sending twice, and the reminder policy (at most three, quiet hours in the borrower's time
 * zone, stopped by progress or by unsubscribing). The server sends; these decide.
 */
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import type { TApplicationStep } from './enums';
import type { TAuditFacts } from './webhooks';
import type { TSignerScreen, TStepPath } from './routing/step-paths';
import type { UsStateCode } from './us-states';

export const BORROWER_MAIL_KINDS = [
  'WELCOME',
  'OFFER_READY',
  'APPLICATION_SUBMITTED',
  'CONDITION_RAISED',
  'VALUATION_DONE',
  'DOCUMENTS_READY',
  'NOTARY_APPOINTMENT',
  'RIGHT_TO_CANCEL',
  'FUNDED',
  'DECLINED',
  'CANCELLED',
  'REMINDER',
] as const;

export type TBorrowerMailKind = (typeof BORROWER_MAIL_KINDS)[number];

/** Marketing-type mail (CAN-SPAM): carries an unsubscribe link and is held back by an opt-out. */
export function isMarketingMail(kind: TBorrowerMailKind): boolean {
  return kind === 'REMINDER';
}

/**
 * Where each e-mail's button leads (a step screen: a path that is no screen does not compile). '/'
 * is the app index, which sends a finished application to the dashboard.
 */
export const BORROWER_MAIL_LINKS: Record<Exclude<TBorrowerMailKind, 'REMINDER'>, TStepPath | '/'> = {
  WELCOME: 'start/profile',
  OFFER_READY: 'product/select',
  APPLICATION_SUBMITTED: 'income/review',
  CONDITION_RAISED: 'conditions',
  // The valuation hold page promises this e-mail; the frame's guard sends the borrower on from there
  // to wherever the valuation led (closing documents, a lower line to accept).
  VALUATION_DONE: 'bpo/hold',
  DOCUMENTS_READY: 'signing/intro',
  NOTARY_APPOINTMENT: 'notary/reserve-manual',
  RIGHT_TO_CANCEL: 'complete',
  FUNDED: '/',
  DECLINED: 'error/decline',
  CANCELLED: '/',
};

/** The valuation's outcomes that end BPO_PROCESSING without declining (a decline sends DECLINED). */
const VALUATION_DONE_ACTIONS = new Set(['BPO_COMPLETED', 'BPO_COMPLETED_PREQUAL', 'BPO_CLTV_LIMITED']);

/** The key of an e-mail sent once per application (documents ready, right to cancel, funded…). */
export function onceMailKey(kind: TBorrowerMailKind, applicationUuid: string): string {
  return `${kind}:${applicationUuid}`;
}

/**
 * The e-mail an audited movement sends, with the key that makes it once-only. `eventId` is the audit
 * entry's id (for mails that may rightly repeat: each condition raised, each appointment booked);
 * once-per-application mails are keyed on the application so a replayed transition cannot send again.
 */
export function borrowerMailForAudit(
  entry: TAuditFacts & { applicationUuid: string; identityUuid: string; eventId: number },
): { kind: Exclude<TBorrowerMailKind, 'REMINDER'>; key: string } | null {
  const once = (kind: Exclude<TBorrowerMailKind, 'REMINDER'>) => ({
    kind,
    key: onceMailKey(kind, entry.applicationUuid),
  });
  const each = (kind: Exclude<TBorrowerMailKind, 'REMINDER'>) => ({
    kind,
    key: `${kind}:${entry.applicationUuid}:${entry.eventId}`,
  });
  if (entry.kind === 'ACTION') {
    // Welcome once per account: a second application of the same borrower is no registration.
    if (entry.action === 'APPLICATION_CREATED')
      return { kind: 'WELCOME', key: `WELCOME:${entry.identityUuid}` };
    if (entry.action === 'CONDITION_RAISED') return each('CONDITION_RAISED');
    // A decline is announced once its adverse action notice exists (the job every decline queues),
    // so the notice goes with the e-mail.
    if (entry.action === 'ADVERSE_ACTION_NOTICE') return once('DECLINED');
    return null;
  }
  if (entry.toStep === 'OFFER_SELECTION' && entry.fromStep !== 'OFFER_SELECTION') return each('OFFER_READY');
  if (entry.action === 'APPLICATION_SUBMITTED') return once('APPLICATION_SUBMITTED');
  if (VALUATION_DONE_ACTIONS.has(entry.action)) return each('VALUATION_DONE');
  if (entry.action === 'CLOSING_DOCS_READY') return once('DOCUMENTS_READY');
  if (entry.action === 'RESERVE_NOTARY') return each('NOTARY_APPOINTMENT');
  if (entry.action === 'RESCISSION_STARTED') return once('RIGHT_TO_CANCEL');
  if (entry.action === 'FUNDED') return once('FUNDED');
  // Any way into CANCELLED (a rescission by the borrower or a co-owner, a cancellation): every owner
  // who signed must learn that nothing will be recorded or funded.
  if (entry.toStep === 'CANCELLED' && entry.fromStep !== 'CANCELLED') return once('CANCELLED');
  return null;
}

// ---------------------------------------------------------------------------------------------
// Co-owners (additional signers who accepted their invitation)

/**
 * The e-mails that concern an owner on title who accepted the invitation, and the signer screen each
 * one links to. A co-owner has no application of their own: offers, submission, conditions,
 * valuation, the primary's notary booking, decline and reminders are the borrower's business. What
 * is theirs: their documents to sign (sent when they accept: the package already names them), the
 * right to cancel they share with the borrower, and how it ended (funded, or cancelled).
 */
// Every link is the signer's sign-in, which sends them where their progress says (their identity
// check, their documents with "Cancel my line" during the period, the cancelled page).
export const CO_OWNER_MAIL_LINKS: Partial<Record<TBorrowerMailKind, TSignerScreen>> = {
  DOCUMENTS_READY: 'login',
  RIGHT_TO_CANCEL: 'login',
  FUNDED: 'login',
  CANCELLED: 'login',
};

export function concernsCoOwners(kind: TBorrowerMailKind): boolean {
  return CO_OWNER_MAIL_LINKS[kind] !== undefined;
}

/** The signer statuses of an owner who accepted (has an account) and is still on the application. */
export const ACCEPTED_SIGNER_STATUSES = ['ACCEPTED', 'IDENTITY_VERIFIED', 'SIGNED', 'COMPLETE'] as const;

/**
 * A co-owner's copy of an e-mail: the borrower's key with the co-owner's identity, so each owner gets
 * it once whatever retries or replays (the same idempotency scheme as the borrower's).
 */
export function coOwnerMailKey(borrowerKey: string, coOwnerIdentityUuid: string): string {
  return `${borrowerKey}:co-owner:${coOwnerIdentityUuid}`;
}

// ---------------------------------------------------------------------------------------------
// Reminders for unfinished applications

/** The steps where the application waits on the borrower, and the screen that step is done on. */
export const REMINDER_STEP_SCREENS: Partial<Record<TApplicationStep, TStepPath>> = {
  IN_PROGRESS: 'start/profile',
  LIEN_VERIFICATION: 'liens',
  OFFER_SELECTION: 'product/select',
  COLLECT_ADDITIONAL_INFO: 'start/contact',
  HMDA: 'start/hmda',
  SUMMARY: 'start/app-summary',
  INCOME_VERIFICATION: 'income/review',
  EMPLOYMENT_VERIFICATION: 'income/employer-verification',
  DISBURSEMENT_ACCOUNT: 'bank/disburse',
  AUTOPAY_ACCOUNT: 'bank/autopay',
  IDENTITY_VERIFICATION: 'identity',
  NOTE_SIGNING: 'signing/intro',
  NOTARY_DISCLOSURE: 'notary/intro',
  TRUST_AND_INSURANCE: 'insurance/upload',
};

export function reminderScreenFor(step: string): TStepPath | null {
  return (REMINDER_STEP_SCREENS as Record<string, TStepPath>)[step] ?? null;
}

/**
 * The step whose screen may wait on the calendar rather than on the borrower: the closing signature,
 * which a Texas home equity loan may not reach before the 12th day after the notice (Tex. Const. art.
 * XVI §50(a)(6)(M)(i); the server knows the date). A reminder there before that day would ask for
 * something the borrower cannot do.
 */
export const CALENDAR_GATED_REMINDER_STEP: TApplicationStep = 'NOTE_SIGNING';

/**
 * When a reminder due at `dueAt` goes out while its step is closed until `opensAt` (null: not closed):
 * not before the day opens, and then outside the quiet hours on the borrower's clock.
 */
export function reminderAfterCalendarWait(dueAt: Date, opensAt: Date | null, timeZone: string): Date {
  const at = opensAt && opensAt.getTime() > dueAt.getTime() ? opensAt : dueAt;
  return nextSendableAt(at, timeZone);
}

/** At most this many reminders for one stop at a step. */
export const MAX_REMINDERS = 3;
/** The first reminder after the borrower left a step (30–60 minutes is the industry's habit). */
export const FIRST_REMINDER_DELAY_MS = 45 * 60_000;
/** Then every 48 hours. */
export const REMINDER_INTERVAL_MS = 48 * 3_600_000;
/** No reminder between 21:00 and 08:00 on the borrower's clock. */
export const QUIET_HOURS = { startHour: 21, endHour: 8 } as const;

/** When reminder `number` (1-based) is due, counted from the movement that left the borrower waiting. */
export function reminderDueAt(anchor: Date, number: number): Date {
  return new Date(anchor.getTime() + FIRST_REMINDER_DELAY_MS + (number - 1) * REMINDER_INTERVAL_MS);
}

/** The anchor from which reminder `number` falls due at `dueAt` (reminderDueAt's inverse). */
export function reminderAnchorFor(dueAt: Date, number: number): Date {
  return new Date(dueAt.getTime() - FIRST_REMINDER_DELAY_MS - (number - 1) * REMINDER_INTERVAL_MS);
}

/**
 * The borrower's time zone from the property's state: the zone most of the state lives in (a few
 * states span two; the quiet hours err on the side of the larger part). Unknown → Pacific, the
 * business's own clock.
 */
export const STATE_TIME_ZONES: Record<UsStateCode, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

export function timeZoneForState(state: string | null | undefined): string {
  const code = (state ?? '').toUpperCase();
  return (STATE_TIME_ZONES as Record<string, string>)[code] ?? 'America/Los_Angeles';
}

/**
 * The earliest instant at or after `at` outside the quiet hours on the borrower's clock: `at` itself
 * in the day, else 08:00 local of that morning (or the next one, late in the evening). Daylight
 * saving is the time zone database's business (@date-fns/tz).
 */
export function nextSendableAt(at: Date, timeZone: string): Date {
  const local = new TZDate(at.getTime(), timeZone);
  const hour = local.getHours();
  if (hour >= QUIET_HOURS.endHour && hour < QUIET_HOURS.startHour) return at;
  const morning = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    QUIET_HOURS.endHour,
    0,
    0,
    timeZone,
  );
  if (hour >= QUIET_HOURS.startHour) morning.setDate(morning.getDate() + 1);
  return new Date(morning.getTime());
}

/** Audited actions that are no progress of the borrower's (the reminders' own trail, e-mails sent). */
export const REMINDER_AUDIT_ACTION = 'REMINDER_SENT';

/**
 * The account's e-mail preferences (the settings screen's "Reminder e-mails"): the same opt-out the
 * reminders' unsubscribe link sets. Transactional e-mail has no switch.
 */
export const ZMailPreferences = z.object({
  reminders: z.boolean().describe('Reminder e-mails about an unfinished application (marketing-type mail)'),
});
export type TMailPreferences = z.infer<typeof ZMailPreferences>;

export const MAIL_PREFERENCES_PATH = '/identity/secure/api/v1/mail-preferences';
