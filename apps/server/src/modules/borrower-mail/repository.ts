/** SQL of the borrower's e-mails, reminders and mail preferences (issue 19). */
import { and, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { ACCEPTED_SIGNER_STATUSES, REMINDER_AUDIT_ACTION } from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type BorrowerMailRow = typeof schema.borrowerMails.$inferSelect;

/** Inserts the e-mail's row unless its key exists (the idempotency key): the new row, or null. */
export async function insertBorrowerMail(
  db: Executor,
  values: typeof schema.borrowerMails.$inferInsert,
): Promise<BorrowerMailRow | null> {
  const [row] = await db
    .insert(schema.borrowerMails)
    .values(values)
    .onConflictDoNothing({ target: schema.borrowerMails.key })
    .returning();
  return row ?? null;
}

export async function findBorrowerMail(db: Executor, uuid: string): Promise<BorrowerMailRow | null> {
  const [row] = await db.select().from(schema.borrowerMails).where(eq(schema.borrowerMails.uuid, uuid));
  return row ?? null;
}

export async function markBorrowerMail(
  db: Executor,
  uuid: string,
  values: { status: 'SENT' | 'SKIPPED'; messageId?: string; skipReason?: string; sentAt?: Date },
): Promise<void> {
  await db
    .update(schema.borrowerMails)
    .set(values)
    .where(and(eq(schema.borrowerMails.uuid, uuid), eq(schema.borrowerMails.status, 'QUEUED')));
}

/** Who an application's e-mails go to and what they need: e-mail, first name, organisation, state. */
export async function mailSubject(db: Executor, applicationUuid: string) {
  const [row] = await db
    .select({
      applicationUuid: schema.helocApplications.uuid,
      identityUuid: schema.helocApplications.identityUuid,
      orgCode: schema.helocApplications.orgCode,
      step: schema.helocApplications.step,
      amountCents: schema.helocApplications.amountCents,
      selectedPropertyUuid: schema.helocApplications.selectedPropertyUuid,
      createdAt: schema.helocApplications.createdAt,
      email: schema.identities.email,
      firstName: schema.profiles.firstName,
      propertyState: schema.profileAddresses.state,
    })
    .from(schema.helocApplications)
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.helocApplications.identityUuid))
    .leftJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.helocApplications.identityUuid))
    .leftJoin(
      schema.profileAddresses,
      eq(schema.profileAddresses.uuid, schema.helocApplications.selectedPropertyUuid),
    )
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  return row ?? null;
}

/** Who an e-mail row of another identity goes to (a co-owner's copy): e-mail and first name. */
export async function mailRecipient(db: Executor, identityUuid: string) {
  const [row] = await db
    .select({
      email: schema.identities.email,
      orgCode: schema.identities.organizationCode,
      firstName: schema.profiles.firstName,
    })
    .from(schema.identities)
    .leftJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.identities.uuid))
    .where(eq(schema.identities.uuid, identityUuid));
  return row ?? null;
}

/** The identities of the application's co-owners who accepted their invitation (and still count). */
export async function acceptedCoOwners(db: Executor, applicationUuid: string): Promise<string[]> {
  const rows = await db
    .select({ identityUuid: schema.coDeedSigners.identityUuid })
    .from(schema.coDeedSigners)
    .where(
      and(
        eq(schema.coDeedSigners.applicationUuid, applicationUuid),
        inArray(schema.coDeedSigners.status, [...ACCEPTED_SIGNER_STATUSES]),
      ),
    );
  return rows.flatMap((row) => (row.identityUuid ? [row.identityUuid] : []));
}

/** Moves a queued reminder (its due time and anchor) when it waits for a day to open. */
export async function updateBorrowerMailData(
  db: Executor,
  uuid: string,
  data: Record<string, unknown>,
): Promise<void> {
  await db
    .update(schema.borrowerMails)
    .set({ data })
    .where(and(eq(schema.borrowerMails.uuid, uuid), eq(schema.borrowerMails.status, 'QUEUED')));
}

/** The application's owner (to key its e-mail row) when the audit entry is written. */
export async function applicationOwner(db: Executor, applicationUuid: string): Promise<string | null> {
  const [row] = await db
    .select({ identityUuid: schema.helocApplications.identityUuid })
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  return row?.identityUuid ?? null;
}

/**
 * The borrower's progress since the audit entry `afterEventId`: any step change, or anything the
 * borrower did, except the reminders' own trail. A reminder is stopped by it.
 */
export async function progressSince(
  db: Executor,
  applicationUuid: string,
  afterEventId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.applicationEvents.id })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        gt(schema.applicationEvents.id, afterEventId),
        ne(schema.applicationEvents.action, REMINDER_AUDIT_ACTION),
        or(
          eq(schema.applicationEvents.kind, 'STEP_CHANGE'),
          inArray(schema.applicationEvents.actorType, ['BORROWER', 'CO_DEEDER']),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function remindersOptedOut(db: Executor, identityUuid: string): Promise<boolean> {
  const [row] = await db
    .select({ at: schema.mailPreferences.remindersOptOutAt })
    .from(schema.mailPreferences)
    .where(eq(schema.mailPreferences.identityUuid, identityUuid));
  return row?.at != null;
}

export async function setRemindersOptOut(db: Executor, identityUuid: string, at: Date): Promise<void> {
  await db
    .insert(schema.mailPreferences)
    .values({ identityUuid, remindersOptOutAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: schema.mailPreferences.identityUuid,
      set: {
        remindersOptOutAt: sql`coalesce(${schema.mailPreferences.remindersOptOutAt}, ${at.toISOString()}::timestamptz)`,
        updatedAt: at,
      },
    });
}

/** Reminders on again (the settings switch, the unsubscribe page's "Subscribe again"). */
export async function clearRemindersOptOut(db: Executor, identityUuid: string, at: Date): Promise<void> {
  await db
    .insert(schema.mailPreferences)
    .values({ identityUuid, remindersOptOutAt: null, updatedAt: at })
    .onConflictDoUpdate({
      target: schema.mailPreferences.identityUuid,
      set: { remindersOptOutAt: null, updatedAt: at },
    });
}

/** The identity's organisation (its unsubscribe page wears that brand), or null when it is unknown. */
export async function identityOrgCode(
  db: Executor,
  identityUuid: string,
): Promise<{ orgCode: string } | null> {
  const [row] = await db
    .select({ orgCode: schema.identities.organizationCode })
    .from(schema.identities)
    .where(eq(schema.identities.uuid, identityUuid));
  return row ?? null;
}

/** An application's e-mails and reminders, newest first (the console's file shows them to staff). */
export async function listApplicationMails(db: Executor, applicationUuid: string, limit = 100) {
  return db
    .select({
      uuid: schema.borrowerMails.uuid,
      kind: schema.borrowerMails.kind,
      status: schema.borrowerMails.status,
      skipReason: schema.borrowerMails.skipReason,
      data: schema.borrowerMails.data,
      createdAt: schema.borrowerMails.createdAt,
      sentAt: schema.borrowerMails.sentAt,
    })
    .from(schema.borrowerMails)
    .where(eq(schema.borrowerMails.applicationUuid, applicationUuid))
    .orderBy(desc(schema.borrowerMails.createdAt))
    .limit(limit);
}
