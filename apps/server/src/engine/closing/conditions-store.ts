/** The queries behind the conditions a borrower clears (routes/conditions.ts). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';
import { AppError } from '../../lib/errors';

/** The application's open (not cleared) condition, or 404. */
export async function openConditionOf(db: Executor, applicationUuid: string, conditionUuid: string) {
  const [condition] = await db
    .select()
    .from(schema.applicationConditions)
    .where(
      and(
        eq(schema.applicationConditions.uuid, conditionUuid),
        eq(schema.applicationConditions.applicationUuid, applicationUuid),
        isNull(schema.applicationConditions.clearedAt),
      ),
    );
  if (!condition) throw new AppError('NOT_FOUND', 'Condition not found');
  return condition;
}

/** Whether `documentUuid` was already counted for the condition (a repeated upload counts once). */
export async function conditionCounted(
  db: Executor,
  applicationUuid: string,
  conditionUuid: string,
  documentUuid: string,
): Promise<boolean> {
  const rows = await db
    .select({ data: schema.applicationEvents.data })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        eq(schema.applicationEvents.action, 'CONDITION_DOCUMENT_UPLOADED'),
      ),
    );
  return rows.some(
    (row) => row.data?.conditionUuid === conditionUuid && row.data?.documentUuid === documentUuid,
  );
}
