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
