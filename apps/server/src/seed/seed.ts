/**
 * Brings a database to its seeded state: organisations synchronised from the data file, and
 * (when enabled) the demo accounts of the README. Safe to run on every start.
 */
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { schema } from '../db';
import { upsertOrganisations } from '../modules/organisations/repository';
import { seedDemoBorrowerShell } from './demo-shell';
import { seedFeatureFlags } from './feature-flags';
import { seedExperiments } from './experiments';
import { seedLoanOriginators } from './loan-originators';
import { seedOperatingHours } from './operating-hours';
import { loadOrganisations } from './organisations';

export const DEMO_ACCOUNTS = [
  {
    email: 'demo@heloc.test',
    password: 'Demo-password-1',
    profileType: 'BORROWER',
    organizationCode: 'MAIN',
  },
  { email: 'ops@heloc.test', password: 'Ops-password-1', profileType: 'STAFF', organizationCode: 'MAIN' },
] as const;

export async function seedDatabase(db: Database, options: { demoData: boolean }): Promise<void> {
  await upsertOrganisations(db, loadOrganisations());
  await seedLoanOriginators(db);
  await seedOperatingHours(db);
  await seedFeatureFlags(db);
  await seedExperiments(db);
  if (!options.demoData) return;
  for (const account of DEMO_ACCOUNTS) {
    await db
      .insert(schema.identities)
      .values({
        email: account.email,
        passwordHash: await hash(account.password),
        organizationCode: account.organizationCode,
        profileType: account.profileType,
      })
      // Existing accounts keep their password: a demo user may have changed it.
      .onConflictDoNothing({ target: schema.identities.email });
  }
  await seedDemoBorrower(db);
  await seedDemoBorrowerShell(db, DEMO_ACCOUNTS[0].email);
}

/** The demo borrower's profile, home and first application, created once. */
async function seedDemoBorrower(db: Database): Promise<void> {
  const [identity] = await db
    .select()
    .from(schema.identities)
    .where(eq(schema.identities.email, DEMO_ACCOUNTS[0].email));
  if (!identity) return;
  const [existing] = await db
    .select()
    .from(schema.profiles)
    .where(eq(schema.profiles.identityUuid, identity.uuid));
  if (existing) return;
  await db.transaction(async (tx) => {
    await tx
      .update(schema.identities)
      .set({
        walletAccountAddress: '0x5d1e0b6f6a2c4e8a9b3d7c1f0e2a4b6c8d0e1f23',
        walletGroupPolicyAddress: '0x7a3c5e9b1d2f4a6c8e0b2d4f6a8c0e2b4d6f8a01',
      })
      .where(eq(schema.identities.uuid, identity.uuid));
    await tx.insert(schema.profiles).values({
      identityUuid: identity.uuid,
      firstName: 'Dana',
      lastName: 'Demo',
      dob: '1984-06-15',
    });
    await tx
      .insert(schema.profilePhoneNumbers)
      .values({ identityUuid: identity.uuid, number: '4155550134', primary: true });
    const [home] = await tx
      .insert(schema.profileAddresses)
      .values({
        identityUuid: identity.uuid,
        street1: '742 Evergreen Terrace',
        city: 'Sacramento',
        state: 'CA',
        zip: '95814',
        ownership: 'SOLE',
        saleStatus: 'NOT_SELLING',
      })
      .returning();
    await tx.insert(schema.helocApplications).values({
      identityUuid: identity.uuid,
      orgCode: identity.organizationCode,
      selectedPropertyUuid: home!.uuid,
      statedAnnualIncomeCents: 150_000_00,
      employmentType: 'FULL_TIME',
    });
  });
}
