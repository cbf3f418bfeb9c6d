/**
 * Saved pipeline views: each staff member's own (a name and the pipeline's query string). Nobody
 * else's are listed or touched; saving under an existing name replaces that view's query.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { SAVED_VIEWS_MAX, type TSavedView } from '@heloc/domain';
import { schema, type Executor } from '../../db';
import { AppError } from '../../lib/errors';

const v = schema.staffSavedViews;

const answer = (row: typeof v.$inferSelect): TSavedView => ({
  uuid: row.uuid,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
});

export async function listViews(db: Executor, identityUuid: string): Promise<TSavedView[]> {
  const rows = await db.select().from(v).where(eq(v.identityUuid, identityUuid)).orderBy(asc(v.name));
  return rows.map(answer);
}

export async function saveView(
  db: Executor,
  identityUuid: string,
  view: { name: string; query: string },
): Promise<TSavedView> {
  const [existing] = await db
    .select({ uuid: v.uuid })
    .from(v)
    .where(and(eq(v.identityUuid, identityUuid), eq(v.name, view.name)));
  if (!existing) {
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(v)
      .where(eq(v.identityUuid, identityUuid));
    if (n >= SAVED_VIEWS_MAX)
      throw new AppError('CONFLICT', `At most ${SAVED_VIEWS_MAX} saved views: delete one first`);
  }
  const [row] = await db
    .insert(v)
    .values({ identityUuid, name: view.name, query: view.query })
    .onConflictDoUpdate({ target: [v.identityUuid, v.name], set: { query: view.query } })
    .returning();
  return answer(row!);
}

/** Deletes the member's own view; another member's (or a missing one) is left alone, same answer. */
export async function deleteView(db: Executor, identityUuid: string, viewUuid: string): Promise<void> {
  await db.delete(v).where(and(eq(v.identityUuid, identityUuid), eq(v.uuid, viewUuid)));
}
