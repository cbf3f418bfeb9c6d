/** SQL for organisations: the only place that reads or writes the organisations table. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TOrgData } from '@heloc/domain';
import type { Database, Executor } from '../../db';
import { schema } from '../../db';

export function hostOf(baseUrl: string): string {
  return new URL(baseUrl).host.toLowerCase();
}

type OrganisationRow = typeof schema.organisations.$inferSelect;

function toOrgData(row: OrganisationRow): TOrgData {
  return {
    orgCode: row.orgCode,
    canonicalOrgCode: row.canonicalOrgCode,
    orgBrand: row.brand,
    baseUrl: row.baseUrl,
    orgMetaData: row.metaData,
    orgPricingData: row.pricingData,
  };
}

export async function listOrganisations(db: Database): Promise<TOrgData[]> {
  const rows = await db.select().from(schema.organisations).orderBy(schema.organisations.orgCode);
  return rows.map(toOrgData);
}

/**
 * One organisation and its published settings version; with `forUpdate` its row is locked until the
 * transaction ends (settings versions are numbered and published one at a time per organisation).
 */
export async function organisationWithVersion(
  tx: Executor,
  orgCode: string,
  { forUpdate }: { forUpdate: boolean },
): Promise<{ org: TOrgData; settingsVersion: number | null } | null> {
  const query = tx.select().from(schema.organisations).where(eq(schema.organisations.orgCode, orgCode));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? { org: toOrgData(row), settingsVersion: row.settingsVersion } : null;
}

/** Writes an organisation's data and its published settings version (the trigger tells every instance). */
export async function writeOrganisation(tx: Executor, org: TOrgData, settingsVersion: number): Promise<void> {
  await tx
    .update(schema.organisations)
    .set({
      brand: org.orgBrand,
      metaData: org.orgMetaData,
      pricingData: org.orgPricingData,
      settingsVersion,
      updatedAt: sql`now()`,
    })
    .where(eq(schema.organisations.orgCode, org.orgCode));
}

/** Every organisation's published settings version number (null before its first). */
export async function settingsVersionsByOrg(tx: Executor): Promise<Map<string, number | null>> {
  const rows = await tx
    .select({ orgCode: schema.organisations.orgCode, version: schema.organisations.settingsVersion })
    .from(schema.organisations);
  return new Map(rows.map((row) => [row.orgCode, row.version]));
}

/** Version 1 is published for these organisations (those without a settings version yet). */
export async function setInitialSettingsVersion(tx: Executor, orgCodes: readonly string[]): Promise<void> {
  if (orgCodes.length === 0) return;
  await tx
    .update(schema.organisations)
    .set({ settingsVersion: 1 })
    .where(
      and(isNull(schema.organisations.settingsVersion), inArray(schema.organisations.orgCode, [...orgCodes])),
    );
}

/** Holds off publications (row locks) while the start-up sync reads and writes (seed/organisations). */
export async function lockOrganisationsTable(tx: Executor): Promise<void> {
  await tx.execute(sql`LOCK TABLE organisations IN SHARE ROW EXCLUSIVE MODE`);
}

/**
 * Inserts new organisations and updates existing ones from the data given (the start-up sync, which
 * has already put each organisation's published settings over the seed file's). The published
 * settings version is left as it is.
 */
export async function upsertOrganisations(db: Executor, orgs: readonly TOrgData[]): Promise<void> {
  if (orgs.length === 0) return;
  await db
    .insert(schema.organisations)
    .values(
      orgs.map((org) => ({
        orgCode: org.orgCode,
        canonicalOrgCode: org.canonicalOrgCode,
        host: hostOf(org.baseUrl),
        baseUrl: org.baseUrl,
        brand: org.orgBrand,
        metaData: org.orgMetaData,
        pricingData: org.orgPricingData,
      })),
    )
    .onConflictDoUpdate({
      target: schema.organisations.orgCode,
      set: {
        canonicalOrgCode: sql`excluded.canonical_org_code`,
        host: sql`excluded.host`,
        baseUrl: sql`excluded.base_url`,
        brand: sql`excluded.brand`,
        metaData: sql`excluded.meta_data`,
        pricingData: sql`excluded.pricing_data`,
        updatedAt: sql`now()`,
      },
    });
}
