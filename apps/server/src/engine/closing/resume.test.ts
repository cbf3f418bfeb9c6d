/**
 * A job claimed by a server that dies is picked up by a fresh server on the same data directory:
 * server A (on-disk PGlite) claims the income verification job under a lease and is shut down without
 * finishing it; server B opens the same directory, and once the lease has run out on the clock its
 * worker claims the job again and the application moves on.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, schema } from '../../db';
import { claimJob } from '../../jobs/queue';
import { ManualClock } from '../../lib/clock';
import { createSandboxProviders } from '../../providers';
import { seedDatabase } from '../../seed/seed';
import { LocalFileStorage } from '../../storage';
import { testConfig } from '../../test/app';
import { createClient, driveToSubmitted, newBorrower } from './test-helpers';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function server(
  dataDir: string,
  clock: ManualClock,
  secrets: { jwtSecret: string; dataEncryptionKey: string },
) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedDatabase(database.db, { demoData: false });
  const app = await buildApp({
    config: testConfig({ ...secrets, authRateLimitPerMinute: 10_000 }),
    database,
    clock,
    providers: createSandboxProviders({ clock }),
    storage: new LocalFileStorage(path.join(dataDir, 'files')),
  });
  await app.ready();
  return app;
}

describe('resuming after a crash', () => {
  it('a fresh server finishes the job a dead server had claimed', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heloc-resume-'));
    dirs.push(dataDir);
    const clock = new ManualClock('2026-01-05T17:00:00.000Z');
    const secrets = { jwtSecret: 'r'.repeat(64), dataEncryptionKey: 'k'.repeat(64) };

    const first = await server(dataDir, clock, secrets);
    const who = await newBorrower(first, 'Example');
    await driveToSubmitted(first, who);
    const c1 = createClient(first);
    const token = (await c1.post(who, '/income/link-token', { kind: 'PAYROLL' })).json();
    const auth = (
      await c1.post(who, '/income/link/authenticate', {
        linkToken: token.linkToken,
        institutionId: 'sbx_ins_payroll',
        username: 'user_good',
        password: 'pass_good',
      })
    ).json();
    expect((await c1.post(who, '/income/link', { publicToken: auth.publicToken })).json()).toMatchObject({
      status: 'WAITING_FOR_INCOME',
    });
    // Server A's worker takes the job (what runOne does first) … and the process dies before finishing.
    const claimed = await claimJob(first.db, clock, 60_000, ['income.verifyLink']);
    expect(claimed).toMatchObject({ status: 'running', attempts: 1 });
    await first.close();

    const second = await server(dataDir, clock, secrets);
    const c2 = createClient(second);
    // The lease still holds: nothing to do yet, the application keeps waiting.
    expect(await second.jobs.runDue()).toBe(0);
    expect((await c2.status(who)).status).toBe('WAITING_FOR_INCOME');
    clock.advance(60_001);
    const status = await c2.drain(who);
    expect(status.status).toBe('EMPLOYMENT_VERIFICATION');
    const [job] = await second.db.select().from(schema.jobs).where(eq(schema.jobs.uuid, claimed!.uuid));
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    await second.close();
    // Two on-disk databases opened, migrated and seeded: seconds alone, far more on a busy machine.
  }, 120_000);
});
