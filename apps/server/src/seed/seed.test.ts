import { verify } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { DEMO_HMDA_CASES } from './demo-hmda';
import { DEMO_ACCOUNTS, DEMO_STAFF, seedDatabase } from './seed';
import { loadOrganisations } from './organisations';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

describe('seedDatabase', () => {
  it('is idempotent: running it twice leaves one copy of everything', async () => {
    await seedDatabase(database.db, { demoData: true });
    await seedDatabase(database.db, { demoData: true });
    const [orgs] = await database.db.select({ n: count() }).from(schema.organisations);
    const [ids] = await database.db.select({ n: count() }).from(schema.identities);
    expect(orgs!.n).toBe(loadOrganisations().length);
    // The borrower, the demo staff (ops@heloc.test is in both lists) and the HMDA demo borrowers.
    const emails = new Set(
      [...DEMO_ACCOUNTS, ...DEMO_STAFF, ...DEMO_HMDA_CASES].map((account) => account.email),
    );
    expect(ids!.n).toBe(emails.size);
    const [members] = await database.db.select({ n: count() }).from(schema.staffMembers);
    expect(members!.n).toBe(DEMO_STAFF.length);
  });

  it('stores the demo passwords as argon2id hashes that verify', async () => {
    const rows = await database.db.select().from(schema.identities);
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email)!;
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(row.passwordHash, account.password)).toBe(true);
      expect(row.organizationCode).toBe('MAIN');
    }
  });
});
