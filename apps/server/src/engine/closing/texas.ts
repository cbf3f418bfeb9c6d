/**
 * The Texas 12-day notice (Texas Constitution art. XVI §50(a)(6)(M)(i)): a home equity loan on a
 * Texas homestead may not close before the 12th day after the later of the application and the day
 * the owner received the "Notice Concerning Extensions of Credit". The notice goes out with the
 * application here: the borrower's first action on the application (the profile with the soft-credit
 * consent, the first audit entry, on the workflow's clock) dates both.
 *
 * Dates are Texas calendar days (America/Chicago): a borrower who applies at 11 pm Pacific has
 * already applied on the next day in Texas, and counting in Pacific time would close a day early.
 * The closing is the borrower's signature of the closing package (note and deed): the last
 * signature (CLOSING_SIGNED) is guarded, and the signing endpoint refuses the first signature early
 * so no document is signed before the date either.
 */
import { eq, min } from 'drizzle-orm';
import {
  CENTRAL_TIME_ZONE,
  formatDisplayDate,
  formatIsoDate,
  texasNoticeEarliestClosing,
  zonedStartOfDay,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';
import type { GuardRefusal, StepGuard } from '../../workflow/step-machine';

/** The first Texas day the application may close, or null when its property is not in Texas. */
export async function texasEarliestClosing(
  db: Executor,
  application: { uuid: string; selectedPropertyUuid: string | null; createdAt: Date },
): Promise<{ date: string; at: Date } | null> {
  if (!application.selectedPropertyUuid) return null;
  const [property] = await db
    .select({ state: schema.profileAddresses.state })
    .from(schema.profileAddresses)
    .where(eq(schema.profileAddresses.uuid, application.selectedPropertyUuid));
  if (property?.state.toUpperCase() !== 'TX') return null;
  const [first] = await db
    .select({ at: min(schema.applicationEvents.at) })
    .from(schema.applicationEvents)
    .where(eq(schema.applicationEvents.applicationUuid, application.uuid));
  const noticeDate = formatIsoDate(first?.at ?? application.createdAt, { timeZone: CENTRAL_TIME_ZONE });
  const date = texasNoticeEarliestClosing(noticeDate);
  return { date, at: zonedStartOfDay(date, CENTRAL_TIME_ZONE) };
}

/**
 * Before the 12th day: the day signing opens and the sentence that says so (the documents view shows
 * it before the borrower presses Sign); null when it may close now.
 */
export async function texasSigningNotBefore(
  db: Executor,
  application: { uuid: string; selectedPropertyUuid: string | null; createdAt: Date },
  now: Date,
): Promise<{ date: string; at: string; message: string } | null> {
  const earliest = await texasEarliestClosing(db, application);
  if (!earliest || now.getTime() >= earliest.at.getTime()) return null;
  return {
    date: earliest.date,
    at: earliest.at.toISOString(),
    message: `A Texas home equity loan can close on or after ${formatDisplayDate(earliest.date)}, 12 days after the notice given with your application.`,
  };
}

/** Refuses a Texas closing before the 12th day after the notice; null when it may close. */
export async function texasClosingRefusal(
  db: Executor,
  application: { uuid: string; selectedPropertyUuid: string | null; createdAt: Date },
  now: Date,
): Promise<GuardRefusal | null> {
  const notBefore = await texasSigningNotBefore(db, application, now);
  if (!notBefore) return null;
  return {
    message: notBefore.message,
    details: {
      reason: 'TEXAS_12_DAY_NOTICE',
      earliestClosingDate: notBefore.date,
      earliestClosingAt: notBefore.at,
    },
  };
}

/** The step guard of the closing signature (steps.ts). */
export const texasTwelveDayGuard: StepGuard = ({ tx, application, now }) =>
  texasClosingRefusal(tx, application, now);
