/** The SQL of the CEO feedback (routes.ts calls it). */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

/** Keeps one message to the CEO; answers its id and time. */
export async function insertFeedback(db: Executor, values: typeof schema.ceoFeedback.$inferInsert) {
  const [row] = await db
    .insert(schema.ceoFeedback)
    .values(values)
    .returning({ uuid: schema.ceoFeedback.uuid, createdAt: schema.ceoFeedback.createdAt });
  return row!;
}

/** Feedback with its sender's e-mail, newest first, filtered by organisation, topic and `before`. */
export async function listFeedback(
  db: Executor,
  filter: { orgCode?: string | null; topic?: string; before?: Date; limit: number },
) {
  const filters: SQL[] = [];
  if (filter.orgCode) filters.push(eq(schema.ceoFeedback.orgCode, filter.orgCode));
  if (filter.topic) filters.push(eq(schema.ceoFeedback.topic, filter.topic));
  if (filter.before) filters.push(lt(schema.ceoFeedback.createdAt, filter.before));
  return db
    .select({ feedback: schema.ceoFeedback, email: schema.identities.email })
    .from(schema.ceoFeedback)
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.ceoFeedback.identityUuid))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(schema.ceoFeedback.createdAt))
    .limit(filter.limit);
}
