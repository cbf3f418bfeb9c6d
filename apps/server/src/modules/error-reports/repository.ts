/** The SQL of the client error reports (routes.ts keeps them, staff/reports-routes.ts lists them). */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

/** Keeps one error the browser reported. */
export async function insertErrorReport(
  db: Executor,
  values: typeof schema.clientErrorReports.$inferInsert,
): Promise<void> {
  await db.insert(schema.clientErrorReports).values(values);
}

/** Reported errors, newest first, of one organisation (or all) and before `beforeId` when given. */
export async function listErrorReports(
  db: Executor,
  filter: { orgCode?: string | null; beforeId?: number; limit: number },
) {
  const filters: SQL[] = [];
  if (filter.orgCode) filters.push(eq(schema.clientErrorReports.orgCode, filter.orgCode));
  if (filter.beforeId) filters.push(lt(schema.clientErrorReports.id, filter.beforeId));
  return db
    .select()
    .from(schema.clientErrorReports)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(schema.clientErrorReports.id))
    .limit(filter.limit);
}
