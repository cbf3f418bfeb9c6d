/** The SQL of the client error reports (routes.ts calls it). */
import type { Executor } from '../../db';
import { schema } from '../../db';

/** Keeps one error the browser reported. */
export async function insertErrorReport(
  db: Executor,
  values: typeof schema.clientErrorReports.$inferInsert,
): Promise<void> {
  await db.insert(schema.clientErrorReports).values(values);
}
