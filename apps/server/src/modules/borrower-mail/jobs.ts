/**
 * The jobs that send the borrower's e-mails (queued by queue.ts from the audit write): render the
 * template for the organisation, attach what the e-mail promises (the decline's adverse action
 * notice), send through the Mailer, mark the row SENT and put the same message in the bell. A retry
 * after a crash re-reads the row: a SENT one is not sent again.
 *
 * Reminders check, when due: the borrower made no progress since the stop they were scheduled for,
 * has not unsubscribed, and it is not the quiet hours on their clock (else the reminder moves to the
 * morning). Each sent reminder is audited (REMINDER_SENT: the console's timeline shows it) and
 * schedules the next, at most MAX_REMINDERS.
 */
import {
  APP_INDEX_DESTINATION,
  applicationStepPath,
  BORROWER_MAIL_LINKS,
  CALENDAR_GATED_REMINDER_STEP,
  CO_OWNER_MAIL_LINKS,
  MAX_REMINDERS,
  nextSendableAt,
  REMINDER_AUDIT_ACTION,
  reminderAfterCalendarWait,
  reminderAnchorFor,
  reminderScreenFor,
  ROUTER_BASE_PATH,
  signerScreenPath,
  timeZoneForState,
  type TBorrowerMailKind,
  type TStepPath,
} from '@heloc/domain';
import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { JobWorker } from '../../jobs/worker';
import type { Mailer, MailAttachment } from '../../mail';
import { BORROWER_TEMPLATES, renderBorrowerMail } from '../../mail/templates/borrower';
import { brandLogoUrl } from '../../mail/brand-logo';
import type { FileStorage } from '../../storage';
import { findApplicationDocument } from '../../engine/submission/repository';
import { texasSigningNotBefore } from '../../engine/closing/texas';
import { recordEvent } from '../../workflow/audit';
import type { OrganisationDirectory } from '../organisations/directory';
import { insertNotification } from '../wallet/repository';
import {
  findBorrowerMail,
  mailRecipient,
  mailSubject,
  markBorrowerMail,
  updateBorrowerMailData,
  progressSince,
  remindersOptedOut,
  type BorrowerMailRow,
} from './repository';
import { BORROWER_MAIL_JOB, queueMailJob, REMINDER_JOB, scheduleReminder } from './queue';
import { unsubscribeLink } from './unsubscribe-token';

export type BorrowerMailDeps = {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  orgs: OrganisationDirectory;
  storage: FileStorage;
  /** Signs the unsubscribe links (the server's token secret). */
  secret: string;
};

/** Kinds whose bell notification is written elsewhere already (raiseCondition, the console's conditions). */
const BELL_ELSEWHERE: ReadonlySet<TBorrowerMailKind> = new Set(['CONDITION_RAISED']);

function pathOf(applicationUuid: string, screen: TStepPath | typeof APP_INDEX_DESTINATION): string {
  return screen === APP_INDEX_DESTINATION
    ? `${ROUTER_BASE_PATH}/`
    : applicationStepPath(applicationUuid, screen);
}

async function send(deps: BorrowerMailDeps, row: BorrowerMailRow, screen: TStepPath | '/'): Promise<void> {
  const { db, clock } = deps;
  const subject = row.applicationUuid ? await mailSubject(db, row.applicationUuid) : null;
  if (!subject) {
    await markBorrowerMail(db, row.uuid, { status: 'SKIPPED', skipReason: 'NO_APPLICATION' });
    return;
  }
  const org = deps.orgs.byOrgCode(subject.orgCode);
  if (!org) throw new Error(`organisation ${subject.orgCode} is unknown`);
  const kind = row.kind as TBorrowerMailKind;
  const base = org.baseUrl.replace(/\/+$/, '');
  // A co-owner's copy goes to them, on their own screens (they see no application of their own).
  const coOwnerScreen = row.identityUuid !== subject.identityUuid ? CO_OWNER_MAIL_LINKS[kind] : undefined;
  const recipient = coOwnerScreen ? await mailRecipient(db, row.identityUuid) : subject;
  if (!recipient || (row.identityUuid !== subject.identityUuid && !coOwnerScreen)) {
    await markBorrowerMail(db, row.uuid, { status: 'SKIPPED', skipReason: 'NO_RECIPIENT' });
    return;
  }
  const path = coOwnerScreen ? signerScreenPath(coOwnerScreen) : pathOf(subject.applicationUuid, screen);
  const timeZone = timeZoneForState(subject.propertyState);
  // A Texas borrower told their documents are ready also learns the day they may sign them.
  const signingNotBefore =
    kind === 'DOCUMENTS_READY'
      ? await texasSigningNotBefore(db, { ...subject, uuid: subject.applicationUuid }, clock.now())
      : null;
  const input = {
    org,
    firstName: recipient.firstName ?? null,
    link: `${base}${path}`,
    logoLink: brandLogoUrl(base, org),
    ...(kind === 'REMINDER' && { unsubscribeLink: unsubscribeLink(base, deps.secret, subject.identityUuid) }),
    facts: {
      timeZone,
      amountCents: subject.amountCents,
      step: subject.step,
      ...(typeof row.data.rescissionDeadline === 'string' && {
        rescissionDeadline: row.data.rescissionDeadline,
      }),
      ...(typeof row.data.startsAt === 'string' && { appointmentStartsAt: row.data.startsAt }),
      ...(typeof row.data.number === 'number' && { reminderNumber: row.data.number }),
      ...(signingNotBefore && { signingNotBefore: signingNotBefore.date }),
      ...(typeof row.data.signingOpenedOn === 'string' && { signingOpenedOn: row.data.signingOpenedOn }),
      ...(coOwnerScreen && { coOwner: true }),
    },
  };
  const rendered = await renderBorrowerMail(kind, input);
  const attachments: MailAttachment[] = [];
  if (kind === 'DECLINED' && typeof row.data.documentUuid === 'string') {
    const document = await findApplicationDocument(db, subject.applicationUuid, row.data.documentUuid);
    const stored = document ? await deps.storage.get(document.fileKey) : null;
    // The notice is the point of this e-mail: without it, retry rather than send a bare decline.
    if (!document || !stored) throw new Error('the adverse action notice is not stored yet');
    attachments.push({
      fileName: document.fileName,
      contentType: document.contentType,
      content: stored.bytes,
    });
  }
  const sent = await deps.mailer.send({
    to: recipient.email,
    orgCode: subject.orgCode,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    ...(attachments.length > 0 && { attachments }),
    ...(input.unsubscribeLink && {
      // RFC 8058 one-click unsubscribe: mail clients show their own "Unsubscribe" for it.
      headers: {
        'List-Unsubscribe': `<${input.unsubscribeLink}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  });
  const words = BORROWER_TEMPLATES[kind](input);
  await db.transaction(async (tx) => {
    await markBorrowerMail(tx, row.uuid, { status: 'SENT', messageId: sent.id, sentAt: clock.now() });
    // The bell is the borrower's (the signer's screens have none).
    if (!BELL_ELSEWHERE.has(kind) && !coOwnerScreen) {
      await insertNotification(tx, {
        identityUuid: subject.identityUuid,
        title: words.heading,
        description: words.paragraphs[0] ?? words.subject,
        ctas: [{ title: words.cta, redirectPath: path }],
        createdAt: clock.now(),
      });
    }
    if (kind === 'REMINDER') {
      await recordEvent(tx, clock, {
        applicationUuid: subject.applicationUuid,
        actor: { type: 'SYSTEM' },
        kind: 'ACTION',
        action: REMINDER_AUDIT_ACTION,
        fromStep: subject.step,
        toStep: subject.step,
        data: { number: row.data.number, screen },
      });
    }
  });
}

export function registerBorrowerMailJobs(worker: JobWorker, deps: BorrowerMailDeps): void {
  worker.register(BORROWER_MAIL_JOB, {
    async run(payload) {
      const row = await findBorrowerMail(deps.db, String(payload.mailUuid));
      if (!row || row.status !== 'QUEUED' || row.kind === 'REMINDER') return;
      await send(deps, row, BORROWER_MAIL_LINKS[row.kind as Exclude<TBorrowerMailKind, 'REMINDER'>]);
    },
  });

  worker.register(REMINDER_JOB, {
    async run(payload) {
      const { db, clock } = deps;
      const row = await findBorrowerMail(db, String(payload.mailUuid));
      if (!row || row.status !== 'QUEUED' || !row.applicationUuid) return;
      const skip = (skipReason: string) => markBorrowerMail(db, row.uuid, { status: 'SKIPPED', skipReason });
      const number = Number(row.data.number);
      const anchorEventId = Number(row.data.anchorEventId);
      const subject = await mailSubject(db, row.applicationUuid);
      if (!subject) return skip('NO_APPLICATION');
      if (number > MAX_REMINDERS) return skip('LIMIT');
      if (await progressSince(db, row.applicationUuid, anchorEventId)) return skip('PROGRESS');
      const screen = reminderScreenFor(subject.step);
      if (!screen) return skip('NOTHING_TO_DO');
      if (await remindersOptedOut(db, subject.identityUuid)) return skip('UNSUBSCRIBED');
      const now = clock.now();
      const timeZone = timeZoneForState(subject.propertyState);
      if (subject.step === CALENDAR_GATED_REMINDER_STEP) {
        // Texas, before the 12th day: the step waits on the calendar, not on the borrower. No
        // reminder until signing opens; that one says they can now sign, and the next ones count
        // from it.
        const closed = await texasSigningNotBefore(db, { ...subject, uuid: subject.applicationUuid }, now);
        if (closed) {
          const at = reminderAfterCalendarWait(now, new Date(closed.at), timeZone);
          await db.transaction(async (tx) => {
            await updateBorrowerMailData(tx, row.uuid, {
              ...row.data,
              dueAt: at.toISOString(),
              anchorAt: reminderAnchorFor(at, number).toISOString(),
              signingOpenedOn: closed.date,
            });
            await queueMailJob(tx, clock, REMINDER_JOB, row.uuid, at);
          });
          return;
        }
      }
      const sendable = nextSendableAt(now, timeZone);
      if (sendable.getTime() > now.getTime()) {
        // Quiet hours on the borrower's clock: the same reminder, in the morning.
        await queueMailJob(db, clock, REMINDER_JOB, row.uuid, sendable);
        return;
      }
      await send(deps, row, screen);
      if (number < MAX_REMINDERS) {
        const anchor = new Date(String(row.data.anchorAt));
        // (After a wait for the calendar the anchor was moved with the due time: see above.)
        await scheduleReminder(db, clock, subject, anchorEventId, number + 1, anchor);
      }
    },
  });
}
