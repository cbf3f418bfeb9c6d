/**
 * Brings a database to its seeded state: organisations synchronised from the data file, and
 * (when enabled) the demo accounts of the README. Safe to run on every start.
 */
import { hash } from '@node-rs/argon2';
import type { Database } from '../db';
import { schema } from '../db';
import { upsertOrganisations } from '../modules/organisations/repository';
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
}
