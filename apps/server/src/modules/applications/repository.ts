/** SQL for HELOC applications; every read is scoped to its owner. */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type ApplicationRow = typeof schema.helocApplications.$inferSelect;
export type ApplicationWithProperty = {
  application: ApplicationRow;
  property: typeof schema.profileAddresses.$inferSelect | null;
};

export async function insertApplication(
  db: Executor,
  values: typeof schema.helocApplications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await db.insert(schema.helocApplications).values(values).returning();
  return row!;
}

const withProperty = {
  application: schema.helocApplications,
  property: schema.profileAddresses,
};

export async function listOwnApplications(
  db: Executor,
  identityUuid: string,
): Promise<ApplicationWithProperty[]> {
  return db
    .select(withProperty)
    .from(schema.helocApplications)
    .leftJoin(
      schema.profileAddresses,
      eq(schema.profileAddresses.uuid, schema.helocApplications.selectedPropertyUuid),
    )
    .where(eq(schema.helocApplications.identityUuid, identityUuid))
    .orderBy(desc(schema.helocApplications.createdAt));
}

export async function findOwnApplication(
  db: Executor,
  identityUuid: string,
  uuid: string,
): Promise<ApplicationWithProperty | null> {
  const [row] = await db
    .select(withProperty)
    .from(schema.helocApplications)
    .leftJoin(
      schema.profileAddresses,
      eq(schema.profileAddresses.uuid, schema.helocApplications.selectedPropertyUuid),
    )
    .where(
      and(eq(schema.helocApplications.uuid, uuid), eq(schema.helocApplications.identityUuid, identityUuid)),
    );
  return row ?? null;
}
