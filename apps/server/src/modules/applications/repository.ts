/** SQL for HELOC applications; every read is scoped to its owner. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { formatMaskedAccount, type THelocApplication } from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type ApplicationRow = typeof schema.helocApplications.$inferSelect;
export type ApplicationWithProperty = {
  application: ApplicationRow;
  property: typeof schema.profileAddresses.$inferSelect | null;
};

export async function insertApplication(
  db: Executor,
  values: typeof schema.helocApplications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await db.insert(schema.helocApplications).values(values).returning();
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
  | 'disburseAccount'
  | 'autopayAccount'
  | 'payType'
  | 'insurance'
  | 'requestedManualNotaryTime'
>;

/** Consents and documents of the given applications (by uuid), for the application view. */
export async function recordsOf(
  db: Executor,
  uuids: readonly string[],
): Promise<Map<string, ApplicationRecords>> {
  const byUuid = new Map<string, ApplicationRecords>(
    uuids.map((uuid) => [
      uuid,
      {
        consents: [],
        documents: [],
        disburseAccount: null,
        autopayAccount: null,
        payType: null,
        insurance: { complete: false },
        requestedManualNotaryTime: null,
      },
    ]),
  );
  if (uuids.length === 0) return byUuid;
  const consents = await db
    .select()
    .from(schema.applicationConsents)
    .where(inArray(schema.applicationConsents.applicationUuid, [...uuids]))
    .orderBy(asc(schema.applicationConsents.createdAt));
  for (const consent of consents) {
    byUuid.get(consent.applicationUuid)?.consents.push({
      type: consent.type as ApplicationRecords['consents'][number]['type'],
      createdDate: consent.createdAt.toISOString(),
    });
  }
  const documents = await db
    .select()
    .from(schema.applicationDocuments)
    .where(inArray(schema.applicationDocuments.applicationUuid, [...uuids]))
    .orderBy(asc(schema.applicationDocuments.createdAt));
  for (const document of documents) {
    byUuid.get(document.applicationUuid)?.documents.push({
      uuid: document.uuid,
      type: document.type as ApplicationRecords['documents'][number]['type'],
      fileName: document.fileName,
      createdDate: document.createdAt.toISOString(),
    });
  }
  // The accounts of the closing step: masked (the routing table reads the disbursement routing number).
  const accounts = await db
    .select()
    .from(schema.applicationAccounts)
    .where(inArray(schema.applicationAccounts.applicationUuid, [...uuids]));
  for (const account of accounts) {
    const records = byUuid.get(account.applicationUuid);
    if (!records) continue;
    if (account.purpose === 'DISBURSEMENT') {
      records.disburseAccount = {
        uuid: account.uuid,
        routingNumber: account.routingNumber,
        mask: account.mask,
        accountNumber: formatMaskedAccount(account.mask),
      };
    } else if (account.purpose === 'AUTOPAY') {
      records.autopayAccount = { uuid: account.uuid };
    }
  }
  // The closing step's choices: the client machine reads the pay type and insurance (spec 1 §4).
  const closings = await db
    .select()
    .from(schema.applicationClosing)
    .where(inArray(schema.applicationClosing.applicationUuid, [...uuids]));
  for (const closing of closings) {
    const records = byUuid.get(closing.applicationUuid);
    if (!records) continue;
    records.payType = closing.payType === 'AUTOPAY' || closing.payType === 'MANUAL' ? closing.payType : null;
    records.insurance = { complete: closing.insuranceComplete };
    records.requestedManualNotaryTime = closing.requestedManualNotaryTime?.toISOString() ?? null;
  }
  return byUuid;
}
