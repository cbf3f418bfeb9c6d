/** SQL for feature flags: default rows ('*') and organisation overrides. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type FeatureFlagRow = typeof schema.featureFlags.$inferSelect;
export type NewFeatureFlag = typeof schema.featureFlags.$inferInsert;

/** The organisation code of the rows every organisation inherits. */
export const DEFAULT_FLAG_ORG = '*';

/** Default rows and, when `orgCode` is given, that organisation's rows; one key or every key. */
export async function listFlagRows(
  db: Executor,
  orgCode: string | null,
  key?: string,
): Promise<FeatureFlagRow[]> {
  const orgCodes = orgCode ? [DEFAULT_FLAG_ORG, orgCode] : [DEFAULT_FLAG_ORG];
  const byOrg = inArray(schema.featureFlags.orgCode, orgCodes);
  return db
    .select()
    .from(schema.featureFlags)
    .where(key === undefined ? byOrg : and(byOrg, eq(schema.featureFlags.key, key)))
    .orderBy(schema.featureFlags.key);
}

/** Inserts the flags that do not exist yet; a flag an operator changed stays as it is. */
export async function insertMissingFlags(db: Executor, rows: readonly NewFeatureFlag[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(schema.featureFlags)
    .values([...rows])
    .onConflictDoNothing({ target: [schema.featureFlags.key, schema.featureFlags.orgCode] });
}

/** Every flag row (the start-up sync turns them into each organisation's settings flags). */
export async function listAllFlagRows(db: Executor): Promise<FeatureFlagRow[]> {
  return db.select().from(schema.featureFlags);
}

/**
 * An organisation's own row for each flag, switched on or off (a published settings version): an
 * existing row keeps its variables and description; a new one starts from the default row's.
 */
export async function setOrgFlags(
  db: Executor,
  orgCode: string,
  flags: Readonly<Record<string, boolean>>,
): Promise<void> {
  const keys = Object.keys(flags);
  if (keys.length === 0) return;
  const defaults = await db
    .select()
    .from(schema.featureFlags)
    .where(and(eq(schema.featureFlags.orgCode, DEFAULT_FLAG_ORG), inArray(schema.featureFlags.key, keys)));
  await db
    .insert(schema.featureFlags)
    .values(
      keys.map((key) => {
        const fallback = defaults.find((row) => row.key === key);
        return {
          key,
          orgCode,
          enabled: flags[key]!,
          variables: fallback?.variables ?? {},
          description: fallback?.description ?? null,
        };
      }),
    )
    .onConflictDoUpdate({
      target: [schema.featureFlags.key, schema.featureFlags.orgCode],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
    });
}
