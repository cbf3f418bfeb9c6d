/** What the first slice's job handlers share: their dependencies and context, and the subject a provider call is about. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { schema } from '../../db';
import type { Clock } from '../../lib/clock';
import type { FieldSealer } from '../../lib/sealed';
import type { OrganisationDirectory } from '../../modules/organisations/directory';
import type { Providers } from '../../providers';
import type { PropertyAddress } from '../../providers/shared';
import { moveApplication } from '../store';
import type { EngineAction } from '../steps';
import { jobSettlement, type Settle, type DeadLetterHandler } from '../job-settle';

export type EngineDeps = {
  db: Database;
  clock: Clock;
  providers: Providers;
  orgs: OrganisationDirectory;
  /** Opens the sealed SSN and freeze PIN for the bureau call (never put in a payload). */
  sealer: FieldSealer;
};

export const PROVIDER = { type: 'PROVIDER' } as const;
export const SYSTEM = { type: 'SYSTEM' } as const;

/** The applicant and property a provider call is about (read without the lock). */
export async function loadSubject(db: Database, applicationUuid: string) {
  const [row] = await db
    .select({
      application: schema.helocApplications,
      profile: schema.profiles,
      property: schema.profileAddresses,
    })
    .from(schema.helocApplications)
    .innerJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.helocApplications.identityUuid))
    .leftJoin(
      schema.profileAddresses,
      eq(schema.profileAddresses.uuid, schema.helocApplications.selectedPropertyUuid),
    )
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  if (!row) throw new Error('application not found');
  if (!row.property) throw new Error('application has no selected property');
  const applicant = {
    firstName: row.profile.firstName,
    lastName: row.profile.lastName,
    ...(row.profile.dob && { dob: row.profile.dob }),
  };
  const address: PropertyAddress = {
    street1: row.property.street1,
    street2: row.property.street2,
    city: row.property.city,
    state: row.property.state,
    zip: row.property.zip,
  };
  return {
    application: row.application,
    applicant,
    address,
    identityUuid: row.profile.identityUuid,
    sealedSsn: row.profile.ssnEncrypted,
  };
}

/** What every handler of the first slice gets: the dependencies, `settle` and the dead-letter move. */
export type EngineJobContext = {
  deps: EngineDeps;
  clock: Clock;
  providers: Providers;
  settle: Settle;
  onDeadTo: (waitingStep: string, action: EngineAction) => DeadLetterHandler;
};

export function engineJobContext(deps: EngineDeps): EngineJobContext {
  const { settle, onDeadTo } = jobSettlement<EngineAction>(deps.db, {
    move: (tx, application, action, how) => moveApplication(tx, deps.clock, application, action, how),
    // A dead provider job: the borrower sees the timeout page instead of polling forever.
    deadReason: 'provider did not answer',
  });
  return { deps, clock: deps.clock, providers: deps.providers, settle, onDeadTo };
}
