/** SQL for HELOC applications; every read is scoped to its owner. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { accountMask, formatMaskedAccount, type THelocApplication } from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';
import type { Clock } from '../../lib/clock';
import { recordEvent } from '../../workflow/audit';

export type ApplicationRow = typeof schema.helocApplications.$inferSelect;
export type ApplicationWithProperty = {
  application: ApplicationRow;
  property: typeof schema.profileAddresses.$inferSelect | null;
};

/**
 * Creates an application and audits it (APPLICATION_CREATED: the timeline's first entry, and the
 * `application.created` webhook event, which comes from the audit write like every other event).
 */
export async function insertApplication(
  db: Executor,
  clock: Clock,
  values: typeof schema.helocApplications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await db.insert(schema.helocApplications).values(values).returning();
  await recordEvent(db, clock, {
    applicationUuid: row!.uuid,
    actor: { type: 'BORROWER', uuid: row!.identityUuid },
    kind: 'ACTION',
    action: 'APPLICATION_CREATED',
    fromStep: row!.step,
    toStep: row!.step,
  });
  return row!;
}

const withProperty = {
  application: schema.helocApplications,
  property: schema.profileAddresses,
};

export async function listOwnApplications(
  db: Executor,
  identityUuid: string,
): Promise<ApplicationWithProperty[]> {
  return db
    .select(withProperty)
    .from(schema.helocApplications)
    .leftJoin(
      schema.profileAddresses,
      eq(schema.profileAddresses.uuid, schema.helocApplications.selectedPropertyUuid),
    )
    .where(eq(schema.helocApplications.identityUuid, identityUuid))
    .orderBy(desc(schema.helocApplications.createdAt));
}

export async function findOwnApplication(
  db: Executor,
  identityUuid: string,
  uuid: string,
): Promise<ApplicationWithProperty | null> {
  const [row] = await db
    .select(withProperty)
    .from(schema.helocApplications)
    .leftJoin(
      schema.profileAddresses,
      eq(schema.profileAddresses.uuid, schema.helocApplications.selectedPropertyUuid),
    )
    .where(
      and(eq(schema.helocApplications.uuid, uuid), eq(schema.helocApplications.identityUuid, identityUuid)),
    );
  return row ?? null;
}

export type ApplicationRecords = Pick<
  THelocApplication,
  | 'consents'
  | 'documents'
  | 'incomeSources'
  | 'disburseAccount'
  | 'autopayAccount'
  | 'payType'
  | 'insurance'
  | 'requestedManualNotaryTime'
>;

export function emptyRecords(): ApplicationRecords {
  return {
    consents: [],
    documents: [],
    incomeSources: [],
    disburseAccount: null,
    autopayAccount: null,
    payType: null,
    insurance: { complete: false },
    requestedManualNotaryTime: null,
  };
}

/**
 * What the engine's steps recorded for the given applications (by uuid), for the application view:
 * consents, documents, verified income sources, the disbursement and autopay accounts (masked: the
 * sealed number is never read here), and the closing choices. One query per table, whatever the count.
 */
export async function recordsOf(
  db: Executor,
  uuids: readonly string[],
): Promise<Map<string, ApplicationRecords>> {
  const byUuid = new Map<string, ApplicationRecords>(uuids.map((uuid) => [uuid, emptyRecords()]));
  if (uuids.length === 0) return byUuid;
  const ids = [...uuids];
  const [consents, documents, incomeSources, accounts, closings] = await Promise.all([
    db
      .select()
      .from(schema.applicationConsents)
      .where(inArray(schema.applicationConsents.applicationUuid, ids))
      .orderBy(asc(schema.applicationConsents.createdAt)),
    db
      .select({
        uuid: schema.applicationDocuments.uuid,
        applicationUuid: schema.applicationDocuments.applicationUuid,
        type: schema.applicationDocuments.type,
        fileName: schema.applicationDocuments.fileName,
        createdAt: schema.applicationDocuments.createdAt,
      })
      .from(schema.applicationDocuments)
      .where(inArray(schema.applicationDocuments.applicationUuid, ids))
      .orderBy(asc(schema.applicationDocuments.createdAt)),
    db
      .select()
      .from(schema.applicationIncomeSources)
      .where(inArray(schema.applicationIncomeSources.applicationUuid, ids))
      .orderBy(asc(schema.applicationIncomeSources.createdAt)),
    db
      .select({
        uuid: schema.applicationAccounts.uuid,
        applicationUuid: schema.applicationAccounts.applicationUuid,
        purpose: schema.applicationAccounts.purpose,
        routingNumber: schema.applicationAccounts.routingNumber,
        mask: schema.applicationAccounts.mask,
      })
      .from(schema.applicationAccounts)
      .where(inArray(schema.applicationAccounts.applicationUuid, ids)),
    db
      .select()
      .from(schema.applicationClosing)
      .where(inArray(schema.applicationClosing.applicationUuid, ids)),
  ]);
  for (const consent of consents) {
    byUuid.get(consent.applicationUuid)?.consents.push({
      type: consent.type as ApplicationRecords['consents'][number]['type'],
      createdDate: consent.createdAt.toISOString(),
    });
  }
  for (const document of documents) {
    byUuid.get(document.applicationUuid)?.documents.push({
      uuid: document.uuid,
      type: document.type as ApplicationRecords['documents'][number]['type'],
      fileName: document.fileName,
      createdDate: document.createdAt.toISOString(),
    });
  }
  for (const source of incomeSources) {
    byUuid.get(source.applicationUuid)?.incomeSources.push({
      uuid: source.uuid,
      employmentType: source.employmentType as ApplicationRecords['incomeSources'][number]['employmentType'],
      employerName: source.employerName,
      annualIncomeCents: source.annualIncomeCents,
    });
  }
  for (const account of accounts) {
    const records = byUuid.get(account.applicationUuid);
    if (!records) continue;
    if (account.purpose === 'DISBURSEMENT') {
      records.disburseAccount = {
        uuid: account.uuid,
        routingNumber: account.routingNumber,
        mask: accountMask(account.mask),
        accountNumber: formatMaskedAccount(account.mask),
      };
    } else if (account.purpose === 'AUTOPAY') {
      records.autopayAccount = { uuid: account.uuid };
    }
  }
  for (const closing of closings) {
    const records = byUuid.get(closing.applicationUuid);
    if (!records) continue;
    records.payType = closing.payType as ApplicationRecords['payType'];
    records.insurance = { complete: closing.insuranceComplete };
    records.requestedManualNotaryTime = closing.requestedManualNotaryTime?.toISOString() ?? null;
  }
  return byUuid;
}

/** The step a declined or cancelled application left when it ended (its latest step change to `step`). */
export async function stepEndedFrom(
  db: Executor,
  applicationUuid: string,
  step: string,
): Promise<string | null> {
  const [row] = await db
    .select({ fromStep: schema.applicationEvents.fromStep })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        eq(schema.applicationEvents.kind, 'STEP_CHANGE'),
        eq(schema.applicationEvents.toStep, step),
      ),
    )
    .orderBy(desc(schema.applicationEvents.id))
    .limit(1);
  return row?.fromStep ?? null;
}
