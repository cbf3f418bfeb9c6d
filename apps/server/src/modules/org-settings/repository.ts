/** SQL for organisation settings versions (the organisations table itself: modules/organisations). */
import { and, desc, eq, isNull, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TOrgOperations, TOrgSettings } from '@heloc/domain';
import { schema, type Executor } from '../../db';

const versions = schema.organisationSettingsVersions;
const creator = alias(schema.identities, 'creator');
const publisher = alias(schema.identities, 'publisher');

export type VersionRow = typeof versions.$inferSelect & {
  createdByEmail: string | null;
  publishedByEmail: string | null;
};

const columns = {
  uuid: versions.uuid,
  orgCode: versions.orgCode,
  version: versions.version,
  settings: versions.settings,
  note: versions.note,
  createdByUuid: versions.createdByUuid,
  createdAt: versions.createdAt,
  publishedByUuid: versions.publishedByUuid,
  publishedAt: versions.publishedAt,
  rolledBackFrom: versions.rolledBackFrom,
  createdByEmail: creator.email,
  publishedByEmail: publisher.email,
};

function withPeople(db: Executor) {
  return db
    .select(columns)
    .from(versions)
    .leftJoin(creator, eq(creator.uuid, versions.createdByUuid))
    .leftJoin(publisher, eq(publisher.uuid, versions.publishedByUuid));
}

/** An organisation's versions, newest first. */
export async function listVersions(db: Executor, orgCode: string, limit = 100): Promise<VersionRow[]> {
  return withPeople(db).where(eq(versions.orgCode, orgCode)).orderBy(desc(versions.version)).limit(limit);
}

/** One version of an organisation, by its number or its uuid. */
export async function findVersion(
  db: Executor,
  orgCode: string,
  ref: { version: number } | { uuid: string },
): Promise<VersionRow | null> {
  const which = 'version' in ref ? eq(versions.version, ref.version) : eq(versions.uuid, ref.uuid);
  const [row] = await withPeople(db).where(and(eq(versions.orgCode, orgCode), which));
  return row ?? null;
}

export async function nextVersionNumber(tx: Executor, orgCode: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(versions.version) })
    .from(versions)
    .where(eq(versions.orgCode, orgCode));
  return (row?.last ?? 0) + 1;
}

export async function insertVersion(
  tx: Executor,
  values: {
    orgCode: string;
    version: number;
    settings: TOrgSettings;
    note: string;
    createdByUuid: string | null;
    publishedByUuid?: string | null;
    published?: boolean;
    rolledBackFrom?: number | null;
  },
): Promise<void> {
  await tx.insert(versions).values({
    orgCode: values.orgCode,
    version: values.version,
    settings: values.settings,
    note: values.note,
    createdByUuid: values.createdByUuid,
    publishedByUuid: values.publishedByUuid ?? null,
    publishedAt: values.published ? sql`now()` : null,
    rolledBackFrom: values.rolledBackFrom ?? null,
  });
}

/** Marks a draft published; false when it was not a draft any more (published meanwhile). */
export async function markPublished(tx: Executor, uuid: string, publishedByUuid: string): Promise<boolean> {
  const rows = await tx
    .update(versions)
    .set({ publishedByUuid, publishedAt: sql`now()` })
    .where(and(eq(versions.uuid, uuid), isNull(versions.publishedAt)))
    .returning({ uuid: versions.uuid });
  return rows.length === 1;
}

/** The settings of each organisation's published version (the start-up sync keeps them). */
export async function publishedSettings(tx: Executor): Promise<Map<string, TOrgSettings>> {
  const rows = await tx
    .select({ orgCode: versions.orgCode, settings: versions.settings })
    .from(versions)
    .innerJoin(
      schema.organisations,
      and(
        eq(schema.organisations.orgCode, versions.orgCode),
        eq(schema.organisations.settingsVersion, versions.version),
      ),
    );
  return new Map(rows.map((row) => [row.orgCode, row.settings]));
}

/** Version 1 (the seed file's) for organisations without any version yet, published (then setInitialSettingsVersion). */
export async function insertInitialVersions(
  tx: Executor,
  initial: readonly { orgCode: string; settings: TOrgSettings }[],
  note: string,
): Promise<void> {
  if (initial.length === 0) return;
  await tx
    .insert(versions)
    .values(
      initial.map(({ orgCode, settings }) => ({
        orgCode,
        version: 1,
        settings,
        note,
        publishedAt: sql`now()`,
      })),
    )
    .onConflictDoNothing();
}

/** Versions whose document predates a part of the settings (saved before it was added). */
export async function versionsMissing(
  tx: Executor,
  part: 'hours' | 'featureFlags' | 'loanOfficers',
): Promise<{ uuid: string; orgCode: string }[]> {
  return tx
    .select({ uuid: versions.uuid, orgCode: versions.orgCode })
    .from(versions)
    .where(sql`not (${versions.settings} ? ${part})`);
}

/** Completes such a version's document with the given parts. */
export async function addToVersion(
  tx: Executor,
  uuid: string,
  parts: Partial<TOrgOperations>,
): Promise<void> {
  await tx
    .update(versions)
    .set({ settings: sql`${versions.settings} || ${JSON.stringify(parts)}::jsonb` })
    .where(eq(versions.uuid, uuid));
}

/**
 * Appends loan officers to an organisation's published version (a seed officer that is new to the
 * file after the organisation's first publication), so the published list is the table's list.
 */
export async function appendPublishedLoanOfficers(
  tx: Executor,
  orgCode: string,
  officers: TOrgOperations['loanOfficers'],
): Promise<void> {
  if (officers.length === 0) return;
  await tx
    .update(versions)
    .set({
      settings: sql`jsonb_set(${versions.settings}, '{loanOfficers}', (${versions.settings} -> 'loanOfficers') || ${JSON.stringify(officers)}::jsonb)`,
    })
    .where(
      and(
        eq(versions.orgCode, orgCode),
        eq(
          versions.version,
          sql`(select ${schema.organisations.settingsVersion} from ${schema.organisations} where ${schema.organisations.orgCode} = ${orgCode})`,
        ),
      ),
    );
}
