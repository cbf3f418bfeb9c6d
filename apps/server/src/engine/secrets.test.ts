/**
 * Secrets (issue 20): the soft pull opens the sealed SSN and freeze PIN like the hard pull; no job
 * payload carries a secret (typed per kind); `npm run keys:rotate` re-seals every sealed field
 * under a new key version.
 */
import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db';
import { ManualClock } from '../lib/clock';
import { FieldSealer, loadFieldSealer, sealedVersion } from '../lib/sealed';
import { createSandboxProviders, type Providers } from '../providers';
import type { CreditPullRequest } from '../providers/credit-bureau';
import { createTestApp, type TestApp } from '../test/app';
import { registerAndSignIn } from '../test/auth';
import { accountContext } from './closing/jobs';
import { CLOSING_JOBS } from './closing/store';
import { checkJobPayload, JOB_PAYLOADS } from './job-payloads';
import { rotateDataKey, SEALED_FIELDS } from './key-rotation';
import { JOB_KINDS } from './store';
import { freezePinContext, ssnContext } from './submission/secrets';
import { webhookSecretContext } from '../modules/webhooks/secrets';

const clock = new ManualClock('2026-01-05T17:00:00.000Z');
const secret = randomBytes(32).toString('hex');
const pulls: CreditPullRequest[] = [];
let t: TestApp;

beforeAll(async () => {
  const sandbox = createSandboxProviders({ clock, creditTimeoutDelayMs: 1 });
  const providers: Providers = {
    ...sandbox,
    creditBureau: {
      agency: sandbox.creditBureau.agency,
      pull: async (request) => {
        pulls.push(request);
        return sandbox.creditBureau.pull(request);
      },
    },
  };
  t = await createTestApp(
    { authRateLimitPerMinute: 10_000, dataEncryptionKey: secret },
    { clock, providers },
  );
});
afterAll(async () => t.close());

async function borrower(lastName: string) {
  const who = await registerAndSignIn(t.app, 'MAIN', { name: { firstName: 'Ann', lastName } });
  const headers = { authorization: who.authorization, cookie: who.cookie };
  const post = (path: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/service-application/api/v1/application/heloc/${who.applicationUuid}${path}`,
      headers,
      ...(payload && { payload }),
    });
  const step = async () => {
    await t.app.jobs.runDue();
    const res = await t.app.inject({
      method: 'GET',
      url: `/service-krang-heloc/borrower/secure/api/v1/${who.applicationUuid}/status`,
      headers,
    });
    return (res.json() as { status: string }).status;
  };
  const profile = await post('/profile', {
    name: { firstName: 'Ann', lastName },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  expect(profile.statusCode, profile.body).toBe(200);
  return { ...who, post, step };
}

const payloadsOf = async (applicationUuid: string) =>
  (await t.database.db.select({ payload: schema.jobs.payload }).from(schema.jobs)).filter(
    (row) => (row.payload as { applicationUuid?: string }).applicationUuid === applicationUuid,
  );

describe('the soft pull opens sealed secrets', () => {
  it('sends the bureau the sealed SSN (not 00000 + last 4) after the SSN step', async () => {
    const ann = await borrower('Nomatch');
    expect(await ann.step()).toBe('CREDIT_NO_MATCH');
    pulls.length = 0;
    expect((await ann.post('/ssn', { ssn: '123-45-6789' })).statusCode).toBe(200);
    expect(await ann.step()).toBe('LIEN_VERIFICATION');
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toMatchObject({ kind: 'SOFT', ssn: '123456789' });
    expect(JSON.stringify(await payloadsOf(ann.applicationUuid))).not.toMatch(/6789/);
  });

  it('sends the sealed freeze PIN; the jobs table never holds it', async () => {
    const ann = await borrower('Pinfrozen');
    expect(await ann.step()).toBe('CREDIT_FROZEN_PIN');
    pulls.length = 0;
    expect((await ann.post('/credit-pin', { pin: '1234' })).statusCode).toBe(200);
    const queued = await payloadsOf(ann.applicationUuid);
    expect(queued.map((row) => row.payload)).toContainEqual({
      applicationUuid: ann.applicationUuid,
      withSealedFreezePin: true,
    });
    expect(JSON.stringify(queued)).not.toContain('1234');
    expect(await ann.step()).toBe('LIEN_VERIFICATION');
    expect(pulls.map((pull) => pull.freezePin)).toEqual(['1234']);
  });
});

describe('job payloads', () => {
  it('has a schema for every job kind', () => {
    expect(Object.keys(JOB_PAYLOADS).sort()).toEqual(
      [...new Set([...Object.values(JOB_KINDS), ...Object.values(CLOSING_JOBS)])].sort(),
    );
  });

  const applicationUuid = '7c1a2b3c-0000-4000-8000-000000000001';
  it.each([
    ['a PIN', JOB_KINDS.creditSoftPull, { freezePin: '1234' }, /payload.freezePin looks like a secret/],
    ['an SSN', JOB_KINDS.creditSoftPull, { ssn: '123456789' }, /payload.ssn looks like a secret/],
    [
      'a nested account number',
      CLOSING_JOBS.fundingPoll,
      { disbursement: { fundingId: 'f', account_number: '1' } },
      /account_number/,
    ],
    [
      'a date of birth',
      CLOSING_JOBS.employmentVerify,
      { employerName: 'X', dob: '1980-01-01' },
      /payload.dob/,
    ],
    ['an unknown field', JOB_KINDS.creditSoftPull, { note: 'x' }, /Unrecognized key/],
    ['a missing field', CLOSING_JOBS.bankVerifyAccount, { purpose: 'DISBURSEMENT' }, /accountUuid/],
  ])('refuses %s', (_what, kind, extra, message) => {
    expect(() => checkJobPayload(kind, { applicationUuid, ...extra })).toThrow(message);
  });

  it('refuses an unknown kind and accepts a well-formed payload', () => {
    expect(() => checkJobPayload('no.such.kind', { applicationUuid })).toThrow(/no payload schema/);
    expect(checkJobPayload(JOB_KINDS.creditSoftPull, { applicationUuid, withSealedFreezePin: true })).toEqual(
      {
        applicationUuid,
        withSealedFreezePin: true,
      },
    );
  });
});

/** A value in the format before HKDF (v1: key = SHA-256 of the secret), as older databases hold. */
function legacySeal(plaintext: string, context: string, key: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key, 'utf8').digest(), nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

describe('key rotation (npm run keys:rotate)', () => {
  it('re-seals every sealed field under a new key version, legacy values included', async () => {
    const db = t.database.db;
    const ann = await registerAndSignIn(t.app);
    // One value of each sealed column: the SSN and PIN under the current version, the account legacy.
    await db
      .update(schema.profiles)
      .set({ ssnEncrypted: t.app.sealer.seal('123456789', ssnContext(ann.identityUuid)) })
      .where(eq(schema.profiles.identityUuid, ann.identityUuid));
    await db
      .update(schema.helocApplications)
      .set({ creditFreezePinEncrypted: t.app.sealer.seal('4321', freezePinContext(ann.applicationUuid)) })
      .where(eq(schema.helocApplications.uuid, ann.applicationUuid));
    await db.insert(schema.applicationAccounts).values({
      applicationUuid: ann.applicationUuid,
      purpose: 'DISBURSEMENT',
      source: 'MANUAL',
      accountType: 'CHECKING',
      routingNumber: '021000021',
      accountNumberSealed: legacySeal(
        '000123456789',
        accountContext(ann.applicationUuid, 'DISBURSEMENT'),
        secret,
      ),
      mask: '6789',
    });
    const webhookUuid = randomUUID();
    await db.insert(schema.webhookSubscriptions).values({
      uuid: webhookUuid,
      orgCode: 'MAIN',
      url: 'https://hooks.example.com/rotation',
      eventTypes: ['step.changed'],
      secretSealed: t.app.sealer.seal('whsec_rotation', webhookSecretContext(webhookUuid)),
      secretRotatedAt: new Date(),
      createdAt: new Date(),
    });

    const before = t.app.sealer.version;
    const rotated = await rotateDataKey(db, secret);
    expect(rotated.previousVersion).toBe(before);
    expect(rotated.version).toBe(before + 1);
    expect(Object.keys(rotated.resealed)).toEqual(SEALED_FIELDS.map((field) => field.name));
    expect(Object.values(rotated.resealed).every((n) => n >= 1)).toBe(true);

    // Every sealed value of the database is now under the new version and opens to the same text.
    const sealer = await loadFieldSealer(db, secret);
    expect(sealer.version).toBe(rotated.version);
    for (const field of SEALED_FIELDS) expect(await field.pending(db, rotated.version)).toEqual([]);
    const [profile] = await db
      .select()
      .from(schema.profiles)
      .where(eq(schema.profiles.identityUuid, ann.identityUuid));
    const [application] = await db
      .select()
      .from(schema.helocApplications)
      .where(eq(schema.helocApplications.uuid, ann.applicationUuid));
    const [account] = await db
      .select()
      .from(schema.applicationAccounts)
      .where(eq(schema.applicationAccounts.applicationUuid, ann.applicationUuid));
    for (const value of [
      profile!.ssnEncrypted!,
      application!.creditFreezePinEncrypted!,
      account!.accountNumberSealed,
    ]) {
      expect(sealedVersion(value)).toBe(rotated.version);
    }
    expect(sealer.open(profile!.ssnEncrypted!, ssnContext(ann.identityUuid))).toBe('123456789');
    expect(sealer.open(application!.creditFreezePinEncrypted!, freezePinContext(ann.applicationUuid))).toBe(
      '4321',
    );
    expect(
      sealer.open(account!.accountNumberSealed, accountContext(ann.applicationUuid, 'DISBURSEMENT')),
    ).toBe('000123456789');
    const [webhook] = await db
      .select()
      .from(schema.webhookSubscriptions)
      .where(eq(schema.webhookSubscriptions.uuid, webhookUuid));
    expect(sealedVersion(webhook!.secretSealed)).toBe(rotated.version);
    expect(sealer.open(webhook!.secretSealed, webhookSecretContext(webhookUuid))).toBe('whsec_rotation');
    const [recorded] = await db
      .select()
      .from(schema.dataKeyVersions)
      .where(eq(schema.dataKeyVersions.version, rotated.version));
    expect(recorded?.resealed).toBe(Object.values(rotated.resealed).reduce((a, b) => a + b, 0));

    // Replacing the secret itself: the old one as previous; afterwards the new one alone opens all.
    const replacement = randomBytes(32).toString('hex');
    const moved = await rotateDataKey(db, replacement, [secret]);
    expect(moved.version).toBe(rotated.version + 1);
    const [after] = await db
      .select()
      .from(schema.profiles)
      .where(eq(schema.profiles.identityUuid, ann.identityUuid));
    expect(
      new FieldSealer(replacement, { version: moved.version }).open(
        after!.ssnEncrypted!,
        ssnContext(ann.identityUuid),
      ),
    ).toBe('123456789');
    expect(() =>
      new FieldSealer(secret, { version: moved.version }).open(
        after!.ssnEncrypted!,
        ssnContext(ann.identityUuid),
      ),
    ).toThrow();
  });
});
