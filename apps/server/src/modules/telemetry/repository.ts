/** The SQL of the telemetry routes (routes.ts: sessions; application-routes.ts: tracker links, optimisation profile). */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

/** The session a tracker holds, when both ids match, or null. */
export async function findTrackerSession(db: Executor, uuid: string, trackerUuid: string) {
  const [existing] = await db
    .select({ uuid: schema.telemetrySessions.uuid, startedAt: schema.telemetrySessions.startedAt })
    .from(schema.telemetrySessions)
    .where(
      and(eq(schema.telemetrySessions.uuid, uuid), eq(schema.telemetrySessions.trackerUuid, trackerUuid)),
    );
  return existing ?? null;
}

/** Starts a telemetry session. */
export async function insertTelemetrySession(
  db: Executor,
  values: typeof schema.telemetrySessions.$inferInsert,
): Promise<void> {
  await db.insert(schema.telemetrySessions).values(values);
}

/** Writes columns of the identity's own application; false when it is not theirs (or unknown). */
export async function updateOwnApplication(
  db: Executor,
  identityUuid: string,
  uuid: string,
  values: Partial<typeof schema.helocApplications.$inferInsert>,
): Promise<boolean> {
  const updated = await db
    .update(schema.helocApplications)
    .set(values)
    .where(
      and(eq(schema.helocApplications.uuid, uuid), eq(schema.helocApplications.identityUuid, identityUuid)),
    )
    .returning({ uuid: schema.helocApplications.uuid });
  return updated.length > 0;
}

/** The identity's optimisation profile, or null. */
export async function findOptimizelyProfile(db: Executor, identityUuid: string) {
  const [row] = await db
    .select()
    .from(schema.optimizelyProfiles)
    .where(eq(schema.optimizelyProfiles.identityUuid, identityUuid));
  return row ?? null;
}

/** Saves the identity's optimisation profile id (one per identity). */
export async function saveOptimizelyProfile(
  db: Executor,
  identityUuid: string,
  optimizelyProfileUuid: string,
  now: Date,
): Promise<void> {
  await db
    .insert(schema.optimizelyProfiles)
    .values({ identityUuid, optimizelyProfileUuid, updatedAt: now })
    .onConflictDoUpdate({
      target: schema.optimizelyProfiles.identityUuid,
      set: { optimizelyProfileUuid, updatedAt: now },
    });
}
