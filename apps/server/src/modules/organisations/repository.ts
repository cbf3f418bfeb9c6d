/** SQL for organisations: the only place that reads or writes the organisations table. */
import { sql } from 'drizzle-orm';
import type { TOrgData } from '@heloc/domain';
import type { Database } from '../../db';
import { schema } from '../../db';

export function hostOf(baseUrl: string): string {
  return new URL(baseUrl).host.toLowerCase();
}

export async function listOrganisations(db: Database): Promise<TOrgData[]> {
  const rows = await db.select().from(schema.organisations).orderBy(schema.organisations.orgCode);
  return rows.map((row) => ({
    orgCode: row.orgCode,
    canonicalOrgCode: row.canonicalOrgCode,
    orgBrand: row.brand,
    baseUrl: row.baseUrl,
    orgMetaData: row.metaData,
    orgPricingData: row.pricingData,
  }));
}

/** Inserts new organisations and updates changed ones, so the data file stays the source of truth. */
export async function upsertOrganisations(db: Database, orgs: readonly TOrgData[]): Promise<void> {
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
