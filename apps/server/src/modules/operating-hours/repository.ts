/** SQL for the weekly operating hours of the departments (default rows and organisation overrides). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type OperatingHoursRow = typeof schema.operatingHours.$inferSelect;
export type NewOperatingHours = typeof schema.operatingHours.$inferInsert;

/** The organisation code of the rows every organisation inherits. */
export const DEFAULT_HOURS_ORG = '*';

/** The department's default rows and, when `orgCode` is given, that organisation's own rows. */
export async function listHoursRows(
  db: Executor,
  department: string,
  orgCode: string | null,
): Promise<OperatingHoursRow[]> {
  const orgCodes = orgCode ? [DEFAULT_HOURS_ORG, orgCode] : [DEFAULT_HOURS_ORG];
  return db
    .select()
    .from(schema.operatingHours)
    .where(
      and(eq(schema.operatingHours.department, department), inArray(schema.operatingHours.orgCode, orgCodes)),
    );
}

/** Inserts the rows that do not exist yet; a row an operator changed stays as it is. */
export async function insertMissingHours(db: Executor, rows: readonly NewOperatingHours[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(schema.operatingHours)
    .values([...rows])
    .onConflictDoNothing({
      target: [
        schema.operatingHours.department,
        schema.operatingHours.orgCode,
        schema.operatingHours.weekdayValue,
      ],
    });
}

/** Writes the rows, replacing an organisation's row for the same department and weekday. */
export async function upsertHours(db: Executor, rows: readonly NewOperatingHours[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(schema.operatingHours)
    .values([...rows])
    .onConflictDoUpdate({
      target: [
        schema.operatingHours.department,
        schema.operatingHours.orgCode,
        schema.operatingHours.weekdayValue,
      ],
      set: {
        isOpen: sql`excluded.is_open`,
        startTime: sql`excluded.start_time`,
        endTime: sql`excluded.end_time`,
      },
    });
}

/** Every row of the table (the start-up sync turns them into each organisation's settings week). */
export async function listAllHoursRows(db: Executor): Promise<OperatingHoursRow[]> {
  return db.select().from(schema.operatingHours);
}

/**
 * The holidays (yyyy-MM-dd) of an organisation's published settings version: they live in the
 * version's document, so publishing or rolling back (which moves `organisations.settings_version` in
 * its transaction) changes them at once; an organisation without any answers none.
 */
export async function publishedHolidayDates(db: Executor, orgCode: string): Promise<string[]> {
  const versions = schema.organisationSettingsVersions;
  const [row] = await db
    .select({ holidays: sql<{ date: string }[] | null>`${versions.settings}->'holidays'` })
    .from(versions)
    .innerJoin(
      schema.organisations,
      and(
        eq(schema.organisations.orgCode, versions.orgCode),
        eq(schema.organisations.settingsVersion, versions.version),
      ),
    )
    .where(eq(versions.orgCode, orgCode));
  return (row?.holidays ?? []).map((holiday) => holiday.date);
}
