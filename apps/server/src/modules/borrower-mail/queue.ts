/**
 * Where the borrower's e-mails and reminders are decided: the audit write (workflow/audit.ts
 * recordEvent calls this in the same transaction, beside the webhook events). The e-mail's row (its
 * key is the idempotency key) and its job on the durable queue commit or roll back with the movement:
 * a mail failure never fails the borrower's request, a restart loses nothing, a rolled-back step
 * change sends nothing, and an event never sends twice.
 */
import {
  borrowerMailForAudit,
  concernsCoOwners,
  coOwnerMailKey,
  reminderDueAt,
  reminderScreenFor,
  type TAuditFacts,
  type TBorrowerMailKind,
} from '@heloc/domain';
import type { Executor } from '../../db';
import type { Clock } from '../../lib/clock';
import { enqueueJob } from '../../jobs/queue';
import { acceptedCoOwners, applicationOwner, insertBorrowerMail } from './repository';

export const BORROWER_MAIL_JOB = 'mail.borrower';
export const REMINDER_JOB = 'mail.reminder';

/** Facts of the audit entry the e-mail's text needs (dates and a document's id; never PII). */
const MAIL_FACT_FIELDS = ['rescissionDeadline', 'startsAt', 'documentUuid'] as const;

export async function queueBorrowerMails(
  db: Executor,
  clock: Clock,
  entry: TAuditFacts & { applicationUuid: string; eventId: number },
): Promise<void> {
  const remindAt = reminderStepOf(entry);
  // Most audit entries send nothing: decide before reading the owner (one query less per write).
  if (!remindAt && !borrowerMailForAudit({ ...entry, identityUuid: '' })) return;
  const identityUuid = await applicationOwner(db, entry.applicationUuid);
  if (!identityUuid) return;
  const mail = borrowerMailForAudit({ ...entry, identityUuid });
  if (mail) {
    const data: Record<string, unknown> = {};
    for (const field of MAIL_FACT_FIELDS) {
      if (entry.data?.[field] !== undefined) data[field] = entry.data[field];
    }
    const row = await insertBorrowerMail(db, {
      key: mail.key,
      kind: mail.kind,
      identityUuid,
      applicationUuid: entry.applicationUuid,
      data,
      createdAt: clock.now(),
    });
    if (row) await queueMailJob(db, clock, BORROWER_MAIL_JOB, row.uuid, clock.now());
    if (concernsCoOwners(mail.kind)) {
      // Every owner on title who accepted gets their own copy (their own row and key, same job).
      for (const coOwner of await acceptedCoOwners(db, entry.applicationUuid)) {
        await queueCoOwnerMail(db, clock, {
          kind: mail.kind,
          borrowerKey: mail.key,
          applicationUuid: entry.applicationUuid,
          identityUuid: coOwner,
          data,
        });
      }
    }
  }
  if (remindAt) await scheduleReminder(db, clock, { ...entry, identityUuid }, entry.eventId, 1);
}

/**
 * A co-owner's copy of an e-mail (CO_OWNER_MAIL_LINKS): its row keyed by the borrower's key and the
 * co-owner's identity, sent by the same job. Also called when a co-owner accepts the invitation (their
 * documents are ready to sign from then on), in the acceptance's transaction.
 */
export async function queueCoOwnerMail(
  db: Executor,
  clock: Clock,
  mail: {
    kind: TBorrowerMailKind;
    borrowerKey: string;
    applicationUuid: string;
    identityUuid: string;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  const row = await insertBorrowerMail(db, {
    key: coOwnerMailKey(mail.borrowerKey, mail.identityUuid),
    kind: mail.kind,
    identityUuid: mail.identityUuid,
    applicationUuid: mail.applicationUuid,
    data: { ...mail.data, coOwner: true },
    createdAt: clock.now(),
  });
  if (row) await queueMailJob(db, clock, BORROWER_MAIL_JOB, row.uuid, clock.now());
}

/** The step this entry leaves the borrower waiting at (reminders start from it), or null. */
function reminderStepOf(entry: TAuditFacts): string | null {
  if (entry.kind === 'ACTION') return entry.action === 'APPLICATION_CREATED' ? 'IN_PROGRESS' : null;
  if (!entry.toStep || entry.toStep === entry.fromStep) return null;
  return reminderScreenFor(entry.toStep) ? entry.toStep : null;
}

/**
 * Reminder `number` for the stop that started at audit entry `anchorEventId`: its row (visible to
 * staff as QUEUED with its due time) and its job, due `reminderDueAt` after now.
 */
export async function scheduleReminder(
  db: Executor,
  clock: Clock,
  subject: { applicationUuid: string; identityUuid: string },
  anchorEventId: number,
  number: number,
  anchor: Date = clock.now(),
): Promise<void> {
  const dueAt = reminderDueAt(anchor, number);
  const row = await insertBorrowerMail(db, {
    key: `REMINDER:${subject.applicationUuid}:${anchorEventId}:${number}`,
    kind: 'REMINDER',
    identityUuid: subject.identityUuid,
    applicationUuid: subject.applicationUuid,
    data: { anchorEventId, anchorAt: anchor.toISOString(), number, dueAt: dueAt.toISOString() },
    createdAt: clock.now(),
  });
  if (row) await queueMailJob(db, clock, REMINDER_JOB, row.uuid, dueAt);
}

/** One job per e-mail row (and per deferral: quiet hours move a reminder to a new job). */
export async function queueMailJob(
  db: Executor,
  clock: Clock,
  kind: string,
  mailUuid: string,
  runAfter: Date,
): Promise<void> {
  await enqueueJob(db, clock, {
    kind,
    payload: { mailUuid },
    runAfter,
    maxAttempts: 5,
    dedupeKey: `${kind}:${mailUuid}:${runAfter.toISOString()}`,
  });
}
