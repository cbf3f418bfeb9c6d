/**
 * Two instances on one database (DESIGN.md §10), as a load balancer would use them: an application
 * driven through the first has every document served by both; rate-limit counters are shared (N
 * instances do not multiply a limit); organisation data changed anywhere reaches both without a
 * restart. Documents live in the database (the default storage with DATABASE_URL). On PGlite the
 * two apps share one embedded database; with TEST_DATABASE_URL (CI) they use separate connections
 * to a real PostgreSQL, and LISTEN/NOTIFY crosses connections.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { schema } from './db';
import { simulate } from '../scripts/simulator';
import { ManualClock } from './lib/clock';
import { createSandboxProviders } from './providers';
import { createTestDatabase, type TestDatabase } from './test/database';
import { testConfig } from './test/app';
import { seedDatabase } from './seed/seed';

const ENGINE_URL = (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`;
const LOGIN_LIMIT = 5;

let database: TestDatabase;
let first: FastifyInstance;
let second: FastifyInstance;
const clock = new ManualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { demoData: false });
  // One configuration for both, as every instance of a deployment has: shared secrets, documents
  // and rate-limit counters in the database.
  const config = testConfig({
    jwtSecret: randomBytes(32).toString('hex'),
    dataEncryptionKey: randomBytes(32).toString('hex'),
    fileStorage: { kind: 'postgres' },
    rateLimitStore: 'database',
    authRateLimitPerMinute: LOGIN_LIMIT,
  });
  const build = () =>
    buildApp({
      config,
      database,
      closeDatabase: false,
      clock,
      providers: createSandboxProviders({ clock, creditTimeoutDelayMs: 1 }),
    });
  first = await build();
  second = await build();
  await Promise.all([first.ready(), second.ready()]);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await database?.destroy();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('two instances on one database', { timeout: 180_000 }, () => {
  it('serve every document of an application driven through the first one', async () => {
    const result = await simulate({ scenario: 'Happy', target: { app: first, clock } });
    expect(result.final.status).toBe('COMPLETE');
    const uuid = result.applicationUuid!;
    const headers = result.credentials!;

    const listed = await second.inject({ method: 'GET', url: `${ENGINE_URL(uuid)}/documents`, headers });
    expect(listed.statusCode).toBe(200);
    const documents = (listed.json() as { documents: { uuid: string; type: string }[] }).documents;
    // Application summary, booklet, early disclosure, closing package, notices, uploads…
    expect(documents.length).toBeGreaterThanOrEqual(5);

    let served = 0;
    for (const document of documents) {
      const url = `${ENGINE_URL(uuid)}/documents/${document.uuid}/file`;
      const [a, b] = await Promise.all([
        first.inject({ method: 'GET', url, headers }),
        second.inject({ method: 'GET', url, headers }),
      ]);
      expect([a.statusCode, b.statusCode], `${document.type} through both instances`).toEqual([200, 200]);
      expect(a.rawPayload.byteLength).toBeGreaterThan(0);
      expect(sha256(b.rawPayload)).toBe(sha256(a.rawPayload));
      served += 1;
    }
    expect(served).toBe(documents.length);
    // Stored in the database, not in either instance's memory or directory.
    const [stored] = await database.db.select({ count: sql<number>`count(*)::int` }).from(schema.storedFiles);
    expect(Number(stored!.count)).toBeGreaterThanOrEqual(documents.length);
    console.info(`two instances: ${served} documents, each served by both`);
  });

  it('share rate-limit counters: the limit holds across instances, not per instance', async () => {
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/identity/api/v1/login',
        remoteAddress: '198.51.100.7',
        payload: { email: 'nobody@example.com', password: 'Wrong-passw0rd!' },
      });
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i += 1)
      codes.push((await attempt(i % 2 === 0 ? first : second)).statusCode);
    expect(codes.every((code) => code === 401)).toBe(true);
    // Each instance alone has seen fewer than the limit; together they have reached it.
    expect((await attempt(second)).statusCode).toBe(429);
    expect((await attempt(first)).statusCode).toBe(429);
    // Another address is not affected.
    const other = await first.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      remoteAddress: '198.51.100.8',
      payload: { email: 'nobody@example.com', password: 'Wrong-passw0rd!' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('see organisation data changed elsewhere without a restart', async () => {
    const before = second.orgs.byOrgCode('PINECREST')!;
    const name = `${before.orgMetaData.companyInfo.companyName} (renamed)`;
    const renamed = {
      ...before.orgMetaData,
      companyInfo: { ...before.orgMetaData.companyInfo, companyName: name },
    };
    // Written straight to the database, as another instance's start-up sync or an operator would.
    await database.db
      .update(schema.organisations)
      .set({ metaData: renamed })
      .where(eq(schema.organisations.orgCode, 'PINECREST'));
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const names = [first, second].map(
        (app) => app.orgs.byOrgCode('PINECREST')?.orgMetaData.companyInfo.companyName,
      );
      if (names.every((each) => each === name)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(first.orgs.byOrgCode('PINECREST')?.orgMetaData.companyInfo.companyName).toBe(name);
    expect(second.orgs.byOrgCode('PINECREST')?.orgMetaData.companyInfo.companyName).toBe(name);
  });
});
