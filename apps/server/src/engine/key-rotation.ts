/**
 * Key rotation for the sealed fields (`npm run keys:rotate`): records a new key version, then
 * re-seals every sealed value under it — each opened with the key its own version names (or a
 * previous secret) and sealed again for the same context. The list below is every sealed column
 * of the schema; a new one must be added here (the rotation test seals one of each and checks
 * that none is left behind).
 *
 * Safe to run while instances serve (on PostgreSQL): a value is replaced only if it is unchanged
 * since it was read, and values an instance seals under the previous version meanwhile still
 * open; running the command again moves them too. Instances seal under the new version once
 * restarted.
 */
import { and, eq, isNotNull, not, like } from 'drizzle-orm';
import type { Database } from '../db';
import { schema } from '../db';
import { currentKeyVersion, FieldSealer } from '../lib/sealed';
import { accountContext } from './closing/jobs';
import { freezePinContext, ssnContext } from './submission/secrets';
import { webhookSecretContext } from '../modules/webhooks/secrets';

type Sealed = { id: string; value: string; context: string };

type SealedField = {
  name: string;
  /** Values not yet under `version`. */
  pending(db: Database, version: number): Promise<Sealed[]>;
  /** Replaces `from` by `to` when the row still holds `from`. */
  replace(db: Database, id: string, from: string, to: string): Promise<void>;
};

const notUnder = (column: Parameters<typeof like>[0], version: number) => not(like(column, `v${version}.%`));

export const SEALED_FIELDS: readonly SealedField[] = [
  {
    name: 'profiles.ssn_encrypted',
    async pending(db, version) {
      const rows = await db
        .select({ id: schema.profiles.identityUuid, value: schema.profiles.ssnEncrypted })
        .from(schema.profiles)
        .where(and(isNotNull(schema.profiles.ssnEncrypted), notUnder(schema.profiles.ssnEncrypted, version)));
      return rows.map((row) => ({ id: row.id, value: row.value!, context: ssnContext(row.id) }));
    },
    async replace(db, id, from, to) {
      await db
        .update(schema.profiles)
        .set({ ssnEncrypted: to })
        .where(and(eq(schema.profiles.identityUuid, id), eq(schema.profiles.ssnEncrypted, from)));
    },
  },
  {
    name: 'heloc_applications.credit_freeze_pin_encrypted',
    async pending(db, version) {
      const column = schema.helocApplications.creditFreezePinEncrypted;
      const rows = await db
        .select({ id: schema.helocApplications.uuid, value: column })
        .from(schema.helocApplications)
        .where(and(isNotNull(column), notUnder(column, version)));
      return rows.map((row) => ({ id: row.id, value: row.value!, context: freezePinContext(row.id) }));
    },
    async replace(db, id, from, to) {
      await db
        .update(schema.helocApplications)
        .set({ creditFreezePinEncrypted: to })
        .where(
          and(
            eq(schema.helocApplications.uuid, id),
            eq(schema.helocApplications.creditFreezePinEncrypted, from),
          ),
        );
    },
  },
  {
    name: 'application_accounts.account_number_sealed',
    async pending(db, version) {
      const accounts = schema.applicationAccounts;
      const rows = await db
        .select({
          id: accounts.uuid,
          value: accounts.accountNumberSealed,
          applicationUuid: accounts.applicationUuid,
          purpose: accounts.purpose,
        })
        .from(accounts)
        .where(notUnder(accounts.accountNumberSealed, version));
      return rows.map((row) => ({
        id: row.id,
        value: row.value,
        context: accountContext(row.applicationUuid, row.purpose),
      }));
    },
    async replace(db, id, from, to) {
      await db
        .update(schema.applicationAccounts)
        .set({ accountNumberSealed: to })
        .where(
          and(
            eq(schema.applicationAccounts.uuid, id),
            eq(schema.applicationAccounts.accountNumberSealed, from),
          ),
        );
    },
  },
  {
    name: 'webhook_subscriptions.secret_sealed',
    async pending(db, version) {
      const subscriptions = schema.webhookSubscriptions;
      const rows = await db
        .select({ id: subscriptions.uuid, value: subscriptions.secretSealed })
        .from(subscriptions)
        .where(notUnder(subscriptions.secretSealed, version));
      return rows.map((row) => ({ id: row.id, value: row.value, context: webhookSecretContext(row.id) }));
    },
    async replace(db, id, from, to) {
      await db
        .update(schema.webhookSubscriptions)
        .set({ secretSealed: to })
        .where(
          and(eq(schema.webhookSubscriptions.uuid, id), eq(schema.webhookSubscriptions.secretSealed, from)),
        );
    },
  },
];

export type RotationResult = {
  previousVersion: number;
  version: number;
  /** Values re-sealed, per column. */
  resealed: Record<string, number>;
};

export async function rotateDataKey(
  db: Database,
  secret: string,
  previousSecrets: readonly string[] = [],
): Promise<RotationResult> {
  const previousVersion = await currentKeyVersion(db);
  const version = previousVersion + 1;
  // The primary key refuses a second rotation racing this one to the same version.
  await db.insert(schema.dataKeyVersions).values({ version });
  const sealer = new FieldSealer(secret, { version, previousSecrets });
  const resealed: Record<string, number> = {};
  for (const field of SEALED_FIELDS) {
    let count = 0;
    for (const { id, value, context } of await field.pending(db, version)) {
      await field.replace(db, id, value, sealer.seal(sealer.open(value, context), context));
      count += 1;
    }
    resealed[field.name] = count;
  }
  const total = Object.values(resealed).reduce((sum, n) => sum + n, 0);
  await db
    .update(schema.dataKeyVersions)
    .set({ resealed: total })
    .where(eq(schema.dataKeyVersions.version, version));
  return { previousVersion, version, resealed };
}
