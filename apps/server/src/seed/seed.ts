/**
 * Brings a database to its seeded state: organisations synchronised from the data file (their
 * published settings versions kept: modules/org-settings), and
 * (when enabled) the demo accounts of the README. Safe to run on every start.
 */
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { schema } from '../db';
import { syncSeedOrganisations } from '../modules/org-settings/seed-sync';
import { seedDemoBorrowerShell } from './demo-shell';
import { seedDemoHmda } from './demo-hmda';
import { seedFeatureFlags } from './feature-flags';
import { seedExperiments } from './experiments';
import { DEMO_REFERRER_UUID, LOAN_ORIGINATORS } from './loan-originators';
import { platformHomeOrg } from '../modules/staff/service';
import type { TStaffRole } from '@heloc/domain';
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

export const DEMO_STAFF_PASSWORD = 'Ops-password-1';

/**
 * The demo staff (development only; README "Demo accounts"): one per kind of work, a second
 * organisation's admin and a platform admin. `orgCode` null: platform staff.
 */
export const DEMO_STAFF: readonly {
  email: string;
  orgCode: string | null;
  roles: TStaffRole[];
  loanOriginatorUuid?: string;
}[] = [
  { email: 'ops@heloc.test', orgCode: 'MAIN', roles: ['ORG_ADMIN', 'AGENT'] },
  {
    email: 'lo@heloc.test',
    orgCode: 'MAIN',
    roles: ['LOAN_OFFICER'],
    // Jordan Reyes, the demo borrower's loan officer.
    loanOriginatorUuid: DEMO_REFERRER_UUID,
  },
  { email: 'processor@heloc.test', orgCode: 'MAIN', roles: ['PROCESSOR', 'UNDERWRITER'] },
  { email: 'ops-cascade@heloc.test', orgCode: 'CASCADE_TEACHERS', roles: ['ORG_ADMIN', 'AGENT'] },
  { email: 'admin@heloc.test', orgCode: null, roles: ['PLATFORM_ADMIN'] },
];

export async function seedDatabase(db: Database, options: { demoData: boolean }): Promise<void> {
  // Hours and flags first: an organisation's settings version 1 holds what their tables have.
  await seedOperatingHours(db);
  await seedFeatureFlags(db);
  // The seed's loan officers are inserted (when missing) inside the sync: version 1 lists them.
  await syncSeedOrganisations(db, loadOrganisations(), LOAN_ORIGINATORS);
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
  await seedDemoStaff(db);
  await seedDemoBorrower(db);
  await seedDemoBorrowerShell(db, DEMO_ACCOUNTS[0].email);
  await seedDemoHmda(db, DEMO_ACCOUNTS[0].password);
}

/** The demo staff accounts and their memberships; existing ones keep their password and roles. */
async function seedDemoStaff(db: Database): Promise<void> {
  const passwordHash = await hash(DEMO_STAFF_PASSWORD);
  for (const member of DEMO_STAFF) {
    await db
      .insert(schema.identities)
      .values({
        email: member.email,
        passwordHash,
        organizationCode: member.orgCode ?? (await platformHomeOrg(db)),
        profileType: 'STAFF',
      })
      .onConflictDoNothing({ target: schema.identities.email });
    const [identity] = await db
      .select({ uuid: schema.identities.uuid, profileType: schema.identities.profileType })
      .from(schema.identities)
      .where(eq(schema.identities.email, member.email));
    if (!identity || identity.profileType !== 'STAFF') continue;
    await db
      .insert(schema.staffMembers)
      .values({
        identityUuid: identity.uuid,
        orgCode: member.orgCode,
        roles: member.roles,
        loanOriginatorUuid: member.loanOriginatorUuid ?? null,
      })
      .onConflictDoNothing({ target: schema.staffMembers.identityUuid });
  }
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
