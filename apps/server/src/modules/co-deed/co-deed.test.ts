/**
 * Additional signers through HTTP on the embedded database: a jointly owned home waits at CO_DEED
 * after the borrower's signatures; the borrower invites the co-owner; the e-mailed one-time link
 * creates the CO_DEEDER account; the signer confirms identity, e-signs and has the deed notarised;
 * the borrower then goes on to the notary, and every owner gets a notice of right to cancel.
 * Monday 2026-01-05 09:00 Pacific at the start (notaries are in).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { ESIGN_DISCLOSURE_VERSION, FEATURE_FLAGS } from '@heloc/domain';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { readOutbox } from '../../mail';
import { pdfText } from '../../test/pdf-text';
import { createSandboxProviders } from '../../providers';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn, type Credentials } from '../../test/auth';
import { multipartBody } from '../../uploads';
import {
  driveToSubmitted,
  base,
  createClient,
  newBorrower,
  PDF_BYTES,
  PNG_BYTES,
  type Borrower,
} from '../../engine/closing/test-helpers';

let t: TestApp;
const START = '2026-01-05T17:00:00.000Z';
const clock = new ManualClock(START);
let c: ReturnType<typeof createClient>;
const CO = '/service-application/api/v1/application/heloc/co-deed';

beforeAll(async () => {
  t = await createTestApp(
    { authRateLimitPerMinute: 10_000 },
    { clock, demoData: true, providers: createSandboxProviders({ clock, creditTimeoutDelayMs: 1 }) },
  );
  c = createClient(t.app);
});
afterAll(async () => t.close());

const auth = (who: Credentials) => ({ authorization: who.authorization, cookie: who.cookie });

/** A borrower whose home is held jointly, at the ID upload (the last step before the closing documents). */
async function jointBorrowerAtIdentity(lastName: string): Promise<Borrower> {
  clock.set(START);
  const who = await newBorrower(t.app, lastName);
  // The additional profile says the home is held jointly: a co-owner must sign.
  await driveToSubmitted(t.app, who, { ownership: 'JOINT' });
  // Income by bank link, accounts, ID → closing package.
  const token = (await c.post(who, '/income/link-token', { kind: 'BANK' })).json();
  const linked = (
    await c.post(who, '/income/link/authenticate', {
      linkToken: token.linkToken,
      institutionId: token.institutions[0].institutionId,
      username: token.sandboxCredentials.username,
      password: token.sandboxCredentials.password,
    })
  ).json() as { publicToken: string; accounts: { accountId: string }[] };
  await c.post(who, '/income/link', { publicToken: linked.publicToken });
  await c.drain(who);
  if ((await c.status(who)).status === 'EMPLOYMENT_VERIFICATION') {
    await c.post(who, '/income/employer-verification', { employerName: 'Acme Tools' });
    await c.drain(who);
  }
  await c.post(who, '/bank/disburse', {
    publicToken: linked.publicToken,
    accountId: linked.accounts[0]!.accountId,
  });
  await c.post(who, '/bank/autopay', { payType: 'AUTOPAY' });
  expect((await c.status(who)).status).toBe('IDENTITY_VERIFICATION');
  return who;
}

/** …then the ID, the closing package and every e-signature: the borrower waits for the other owners. */
async function signClosingDocuments(
  who: Borrower,
  atNoteSigning: () => Promise<void> = async () => {},
): Promise<void> {
  const id = multipartBody({ bytes: PNG_BYTES, fileName: 'license.png' }, { idType: 'DRIVERS_LICENSE' });
  await t.app.inject({
    method: 'POST',
    url: `${base(who.applicationUuid)}/identity`,
    headers: { ...auth(who), ...id.headers },
    payload: id.payload,
  });
  expect((await c.drain(who)).status).toBe('NOTE_SIGNING');
  await atNoteSigning();
  const list = (await c.get(who, '/closing-documents')).json() as {
    documents: { uuid: string; signingMethod: string }[];
  };
  for (const doc of list.documents.filter((each) => each.signingMethod === 'ESIGN')) {
    const res = await c.post(who, '/signing/sign', {
      documentUuid: doc.uuid,
      esignConsent: true,
      esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
      scrolledToBottom: true,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await c.drain(who)).status).toBe('CO_DEED');
}

async function jointBorrowerAtCoDeed(lastName: string): Promise<Borrower> {
  const who = await jointBorrowerAtIdentity(lastName);
  await signClosingDocuments(who);
  return who;
}

const invite = (who: Borrower, signers: { firstName: string; lastName: string; email: string }[]) =>
  t.app.inject({
    method: 'POST',
    url: `${base(who.applicationUuid)}/co-deed/invitations`,
    headers: auth(who),
    payload: { signers },
  });

async function linkTokenFor(email: string): Promise<string> {
  const [mail] = await readOutbox(t.database.db, { to: email, limit: 1 });
  const match = /\/heloc-signer\/resume\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(match, mail?.text).not.toBeNull();
  return match![1]!;
}

const preview = (token: string) => t.app.inject({ method: 'GET', url: `${CO}/invitations?token=${token}` });
const accept = (token: string, password = 'Co-owner-passw0rd!') =>
  t.app.inject({ method: 'POST', url: `${CO}/invitations/accept`, payload: { token, password } });

function credentialsOf(res: { json(): unknown; cookies: { name: string; value: string }[] }): Credentials {
  const fingerprint = res.cookies.find((each) => each.name === t.app.fingerprintCookie)!;
  return {
    authorization: `Bearer ${(res.json() as { jwt: string }).jwt}`,
    cookie: `${fingerprint.name}=${fingerprint.value}`,
  };
}

const asSigner = (
  who: Credentials,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `${CO}/signer${path}`, headers: auth(who), ...(payload && { payload }) });

async function setConditionsFlag(enabled: boolean) {
  await t.database.db
    .update(schema.featureFlags)
    .set({ enabled })
    .where(
      and(
        eq(schema.featureFlags.key, FEATURE_FLAGS.additionalSignerConditions),
        eq(schema.featureFlags.orgCode, '*'),
      ),
    );
}

describe('additional signers', () => {
  it('invites, accepts once, signs and notarises; the borrower then goes on to the notary and funding', async () => {
    const ann = await jointBorrowerAtCoDeed('Joint');
    let application = (
      await t.app.inject({ method: 'GET', url: base(ann.applicationUuid), headers: auth(ann) })
    ).json();
    expect(application).toMatchObject({
      coDeedStatus: 'PENDING',
      helocSigners: [],
      additionalSignerVersion: 'v1',
    });

    // Bad input: no signers, the borrower's own e-mail, a duplicate.
    expect((await invite(ann, [])).statusCode).toBe(400);
    expect((await invite(ann, [{ firstName: 'A', lastName: 'Joint', email: ann.email }])).statusCode).toBe(
      400,
    );
    const dup = { firstName: 'Bob', lastName: 'Joint', email: 'bob.joint@example.com' };
    expect((await invite(ann, [dup, dup])).statusCode).toBe(400);

    // Invitation: one e-mail with a link; the token is stored only as a hash.
    const invited = await invite(ann, [dup]);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({
      role: 'PRIMARY',
      coDeedStatus: 'PENDING',
      signers: [{ firstName: 'Bob', lastName: 'Joint', email: 'bob.joint@example.com', status: 'INVITED' }],
    });
    const first = await linkTokenFor('bob.joint@example.com');
    const stored = await t.database.db.select().from(schema.coDeedSigners);
    expect(JSON.stringify(stored)).not.toContain(first);

    // Re-sending (a minute later) replaces the link: the old one stops working.
    clock.set('2026-01-05T17:01:00.000Z');
    await invite(ann, [dup]);
    const second = await linkTokenFor('bob.joint@example.com');
    expect(second).not.toBe(first);
    expect((await preview(first)).statusCode).toBe(404);
    expect((await preview(second)).json()).toMatchObject({
      firstName: 'Bob',
      primaryName: 'Ann Joint',
      accountExists: false,
    });

    // An expired link: a second owner invited, the week passes.
    await invite(ann, [{ firstName: 'Cara', lastName: 'Joint', email: 'cara.joint@example.com' }]);
    const cara = await linkTokenFor('cara.joint@example.com');
    clock.set('2026-01-12T17:01:01.000Z');
    const expired = await accept(cara);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toMatch(/expired/);
    clock.set(START);
    // The borrower cancels Cara's invitation (she is not on title after all): her link stops working.
    const caraUuid = (await t.app.inject({ method: 'GET', url: `${CO}/status`, headers: auth(ann) }))
      .json()
      .signers.find((each: { email: string }) => each.email === 'cara.joint@example.com').uuid;
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `${base(ann.applicationUuid)}/co-deed/invitations/${caraUuid}`,
      headers: auth(ann),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await preview(cara)).statusCode).toBe(404);

    // Accepting: a weak password is refused; then the CO_DEEDER account; the link works once.
    expect((await accept(second, 'short')).statusCode).toBe(400);
    const accepted = await accept(second);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await accept(second)).statusCode).toBe(404);
    const bob = credentialsOf(accepted);
    const [identity] = await t.database.db
      .select()
      .from(schema.identities)
      .where(eq(schema.identities.email, 'bob.joint@example.com'));
    expect(identity!.profileType).toBe('CO_DEEDER');
    application = (
      await t.app.inject({ method: 'GET', url: base(ann.applicationUuid), headers: auth(ann) })
    ).json();
    expect(application.helocSigners).toEqual([{ identityUuid: identity!.uuid }]);
    // He signs in later like anyone else.
    await signIn(t.app, 'bob.joint@example.com', 'Co-owner-passw0rd!');

    // A signer never reaches the borrower's application, its documents or its actions.
    for (const [method, url] of [
      ['GET', base(ann.applicationUuid)],
      ['GET', `${base(ann.applicationUuid)}/closing-documents`],
      ['GET', `${base(ann.applicationUuid)}/bank/accounts`],
      ['POST', `${base(ann.applicationUuid)}/co-deed/invitations`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: auth(bob),
        ...(method === 'POST' && { payload: { signers: [dup] } }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // And the borrower is not a signer.
    expect((await asSigner(ann, 'GET', '')).statusCode).toBe(403);

    // The signer's own status: only his entry.
    const own = (await t.app.inject({ method: 'GET', url: `${CO}/status`, headers: auth(bob) })).json();
    expect(own).toMatchObject({ role: 'SIGNER', coDeedStatus: 'PENDING' });
    expect(own.signers.map((each: { email: string }) => each.email)).toEqual(['bob.joint@example.com']);

    // Signing before identity is refused; identity needs the name on title.
    const docs = (await asSigner(bob, 'GET', '/documents')).json().documents as {
      uuid: string;
      type: string;
      signingMethod: string;
    }[];
    expect(docs.map((doc) => doc.type).sort()).toEqual(['CLOSING_DISCLOSURE', 'DEED_OF_TRUST']);
    const disclosure = docs.find((doc) => doc.signingMethod === 'ESIGN')!;
    const sign = () =>
      asSigner(bob, 'POST', '/sign', {
        documentUuid: disclosure.uuid,
        esignConsent: true,
        esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
        scrolledToBottom: true,
        location: { latitude: 37.7749, longitude: -122.4194 },
      });
    expect((await sign()).statusCode).toBe(409);
    const identityBody = {
      firstName: 'Bob',
      lastName: 'Joint',
      dob: '1979-05-01',
      phoneNumber: '4155550111',
    };
    expect(
      (await asSigner(bob, 'POST', '/identity', { ...identityBody, lastName: 'Other' })).statusCode,
    ).toBe(400);
    expect((await asSigner(bob, 'POST', '/identity', identityBody)).json()).toMatchObject({
      status: 'IDENTITY_VERIFIED',
    });
    // The borrower's papers stay out of reach: no download of her income or ID documents.
    const annDocs = await t.database.db
      .select()
      .from(schema.applicationDocuments)
      .where(eq(schema.applicationDocuments.applicationUuid, ann.applicationUuid));
    const foreign = annDocs.find((doc) => doc.type === 'DRIVERS_LICENSE_FRONT')!;
    expect((await asSigner(bob, 'GET', `/documents/${foreign.uuid}`)).statusCode).toBe(404);
    const pdf = await asSigner(bob, 'GET', `/documents/${disclosure.uuid}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // A consent to another version of the E-SIGN disclosure than the one shown is no consent.
    const otherVersion = await asSigner(bob, 'POST', '/sign', {
      documentUuid: disclosure.uuid,
      esignConsent: true,
      esignDisclosureVersion: 'esign-1999-01',
      scrolledToBottom: true,
    });
    expect(otherVersion.statusCode).toBe(400);
    expect((await sign()).json()).toEqual({ status: 'SIGNED', remaining: 0 });
    // The signer's own signature, with where they signed.
    const [bobsSignature] = await t.database.db
      .select()
      .from(schema.applicationSignatures)
      .where(
        and(
          eq(schema.applicationSignatures.documentUuid, disclosure.uuid),
          eq(schema.applicationSignatures.signerIdentityUuid, identity!.uuid),
        ),
      );
    expect(bobsSignature).toMatchObject({
      latitude: 37.7749,
      longitude: -122.4194,
      locationAccuracyMeters: null,
    });
    expect((await asSigner(bob, 'POST', '/notary/sign', { esignConsent: true })).statusCode).toBe(409);
    const session = await asSigner(bob, 'POST', '/notary/session');
    expect(session.statusCode, session.body).toBe(200);
    const done = await asSigner(bob, 'POST', '/notary/sign', { esignConsent: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETE', primaryWaiting: false });

    // Every answer the signer got: none carries the borrower's income, SSN, accounts or employer.
    const seen = [
      (await asSigner(bob, 'GET', '')).body,
      (await asSigner(bob, 'GET', '/documents')).body,
      (await t.app.inject({ method: 'GET', url: `${CO}/status`, headers: auth(bob) })).body,
      done.body,
    ].join('\n');
    for (const secret of ['Acme', '1111', '021000021', '123-45-6789', '120000', 'annualIncome', 'ssn']) {
      expect(seen).not.toContain(secret);
    }

    // The borrower moves on: CO_DEED → NOTARY_DISCLOSURE, co-deed complete.
    let status = await c.status(ann);
    expect(status.status).toBe('NOTARY_DISCLOSURE');
    application = (
      await t.app.inject({ method: 'GET', url: base(ann.applicationUuid), headers: auth(ann) })
    ).json();
    expect(application.coDeedStatus).toBe('COMPLETE');
    const progress = (await t.app.inject({ method: 'GET', url: `${CO}/status`, headers: auth(ann) })).json();
    expect(progress.signers.map((each: { status: string }) => each.status).sort()).toEqual([
      'CANCELLED',
      'COMPLETE',
    ]);

    // Her notary, insurance → rescission with one notice of right to cancel per owner.
    expect((await c.post(ann, '/notary/choice', { method: 'ENOTARY' })).json()).toMatchObject({
      status: 'DEED_SIGNING',
    });
    const annSession = (await c.post(ann, '/notary/session')).json() as {
      questions: { id: string; choices: string[] }[];
    };
    const answers = {
      birthYear: '1980',
      street: annSession.questions.find((q) => q.id === 'street')!.choices.find((x) => /oak/i.test(x))!,
      city: annSession.questions.find((q) => q.id === 'city')!.choices.find((x) => /fresno/i.test(x))!,
    };
    expect((await c.post(ann, '/notary/session/identity', { answers })).statusCode).toBe(200);
    const deed = docs.find((doc) => doc.type === 'DEED_OF_TRUST')!;
    await c.post(ann, '/notary/session/review', { documentUuid: deed.uuid, scrolledToBottom: true });
    expect((await c.post(ann, '/notary/session/sign', { esignConsent: true })).json()).toMatchObject({
      status: 'WAITING_FOR_NOTARY',
    });
    expect((await c.drain(ann)).status).toBe('TRUST_AND_INSURANCE');
    await c.upload(ann, '/insurance/upload/hazard', { bytes: PDF_BYTES, fileName: 'policy.pdf' });
    status = await c.drain(ann);
    expect(status.status).toBe('RESCISSION');
    const notices = (
      await t.database.db
        .select()
        .from(schema.applicationDocuments)
        .where(eq(schema.applicationDocuments.applicationUuid, ann.applicationUuid))
    ).filter((doc) => doc.type === 'NOTICE_OF_RIGHT_TO_CANCEL' && doc.fileKey.includes('/notices-'));
    expect(notices.map((doc) => doc.ownerIdentityUuid).sort()).toEqual(
      [ann.identityUuid, identity!.uuid].sort(),
    );
    // Bob sees his own notice among his documents, not Ann's.
    const bobDocs = (await asSigner(bob, 'GET', '/documents')).json().documents as {
      uuid: string;
      type: string;
    }[];
    const bobNotices = bobDocs.filter((doc) => doc.type === 'NOTICE_OF_RIGHT_TO_CANCEL');
    expect(bobNotices.map((doc) => doc.uuid)).toEqual(
      notices.filter((doc) => doc.ownerIdentityUuid === identity!.uuid).map((doc) => doc.uuid),
    );
    // Rescission → recording → funding.
    clock.set('2026-01-09T08:00:01.000Z');
    await c.drain(ann);
    clock.set('2026-01-13T09:00:00.000Z');
    expect((await c.drain(ann)).status).toBe('COMPLETE');
    clock.set(START);
  });

  it('signer conditions only behind fe-heloc-additional-signer-conditions', async () => {
    const ann = await jointBorrowerAtCoDeed('Cond');
    await invite(ann, [{ firstName: 'Dee', lastName: 'Cond', email: 'dee.cond@example.com' }]);
    const dee = credentialsOf(await accept(await linkTokenFor('dee.cond@example.com')));
    const signerUuid = (await asSigner(dee, 'GET', '')).json().uuid as string;

    // Flag off (seeded): the conditions do not exist.
    expect((await asSigner(dee, 'GET', '/conditions')).statusCode).toBe(404);

    // Staff raise one; only staff may.
    const raise = (who: Credentials) =>
      t.app.inject({
        method: 'POST',
        url: `/service-ops/api/v1/co-deed/signers/${signerUuid}/conditions`,
        headers: auth(who),
        payload: { type: 'IDENTITY', description: 'Upload a clearer photo of your ID' },
      });
    expect((await raise(ann)).statusCode).toBe(403);
    const ops = await signIn(t.app, 'processor@heloc.test', 'Ops-password-1');
    expect((await raise(ops)).statusCode).toBe(200);

    await setConditionsFlag(true);
    try {
      const listed = await asSigner(dee, 'GET', '/conditions');
      expect(listed.json()).toMatchObject([{ type: 'IDENTITY', cleared: false }]);
      const body = multipartBody({ bytes: PNG_BYTES, fileName: 'id.png' }, {});
      const cleared = await t.app.inject({
        method: 'POST',
        url: `${CO}/signer/conditions/identity`,
        headers: { ...auth(dee), ...body.headers },
        payload: body.payload,
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject([{ type: 'IDENTITY', cleared: true }]);
    } finally {
      await setConditionsFlag(false);
    }
  });

  it('the outbox listing is for staff only', async () => {
    const ann = await jointBorrowerAtCoDeed('Outbox');
    await invite(ann, [{ firstName: 'Eve', lastName: 'Outbox', email: 'eve.outbox@example.com' }]);
    const url = '/service-ops/api/v1/mail/outbox?to=eve.outbox@example.com';
    expect((await t.app.inject({ method: 'GET', url, headers: auth(ann) })).statusCode).toBe(403);
    const ops = await signIn(t.app, 'ops@heloc.test', 'Ops-password-1');
    const listed = await t.app.inject({ method: 'GET', url, headers: auth(ops) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(1);
    expect(listed.json()[0].text).toContain('/account/heloc/heloc-signer/resume?token=');
  });
});

describe('accepting into an account with two-factor on', () => {
  it('asks for the authenticator code like any sign-in', async () => {
    const first = await jointBorrowerAtCoDeed('Twofactor');
    await invite(first, [{ firstName: 'Dora', lastName: 'Twofactor', email: 'dora.twofactor@example.com' }]);
    const firstToken = await linkTokenFor('dora.twofactor@example.com');
    const dora = credentialsOf(await accept(firstToken));
    const { secret } = (
      await t.app.inject({
        method: 'POST',
        url: '/identity/secure/api/v1/two-factor/setup',
        headers: auth(dora),
      })
    ).json();
    const now = Math.floor(Date.now() / 1000);
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/identity/secure/api/v1/two-factor/enable',
      headers: auth(dora),
      payload: { code: await generate({ secret, epoch: now - 30 }) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    const second = await jointBorrowerAtCoDeed('Twofactortwo');
    await invite(second, [{ firstName: 'Dora', lastName: 'Twofactor', email: 'dora.twofactor@example.com' }]);
    // Both invitations carry the same (manual) clock time: take the link that is not the first one.
    // Her co-owner e-mails (documents ready) sit beside the invitations: read them all.
    const token = (await readOutbox(t.database.db, { to: 'dora.twofactor@example.com', limit: 20 }))
      .map((mail) => /\/heloc-signer\/resume\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1])
      .find((each) => each && each !== firstToken)!;
    const withoutCode = await accept(token);
    expect(withoutCode.statusCode, withoutCode.body).toBe(401);
    expect(withoutCode.json().details).toEqual({ twoFactorRequired: true });
    const withCode = await t.app.inject({
      method: 'POST',
      url: `${CO}/invitations/accept`,
      payload: { token, password: 'Co-owner-passw0rd!', totpCode: await generate({ secret, epoch: now }) },
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
  });
});

describe('other owners named before the closing documents (issue 19)', () => {
  const eve = { firstName: 'Eve', lastName: 'Early', email: 'eve.early@example.com' };
  const statusOf = async (who: Borrower) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${CO}/status?applicationUuid=${who.applicationUuid}`,
        headers: auth(who),
      })
    ).json() as {
      coDeedStatus: string;
      signers: { email: string; status: string; linkExpiresAt: string | null }[];
    };
  const documentsOf = async (who: Borrower, type: string) =>
    (
      await t.database.db
        .select()
        .from(schema.applicationDocuments)
        .where(eq(schema.applicationDocuments.applicationUuid, who.applicationUuid))
    ).filter((doc) => doc.type === type);

  it('lists them without a link, names them in the deed of trust, and invites them once the borrower has signed', async () => {
    const ann = await jointBorrowerAtIdentity('Early');
    const listed = await invite(ann, [eve]);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((await statusOf(ann)).signers).toEqual([
      expect.objectContaining({ email: eve.email, status: 'LISTED', linkExpiresAt: null }),
    ]);
    // Listed, not invited: no e-mail, no link to accept yet.
    expect(await readOutbox(t.database.db, { to: eve.email, limit: 1 })).toEqual([]);
    // Listing again updates the name (no second row).
    await invite(ann, [{ ...eve, firstName: 'Evelyn' }]);
    expect((await statusOf(ann)).signers).toHaveLength(1);

    await signClosingDocuments(ann, async () => {
      // The package is rendered: from now until the borrower has signed, no owner can be added.
      const late = await invite(ann, [{ firstName: 'Lou', lastName: 'Late', email: 'lou.late@example.com' }]);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        'Your closing documents are being prepared. You can invite the other owners once you have signed them.',
      );
      // The deed of trust names both owners as trustors; the line's agreement only the borrower.
      const [deed] = await documentsOf(ann, 'DEED_OF_TRUST');
      const deedText = await pdfText((await t.app.storage.get(deed!.fileKey))!.bytes);
      expect(deedText).toMatch(/Trustor\(s\)[\s\S]*Evelyn Early/);
      const [agreement] = await documentsOf(ann, 'HELOC_AGREEMENT');
      expect(await pdfText((await t.app.storage.get(agreement!.fileKey))!.bytes)).not.toContain(
        'Evelyn Early',
      );
    });

    // Signed: the listed owner now gets the e-mail with a link when the borrower sends it.
    expect((await statusOf(ann)).coDeedStatus).toBe('PENDING');
    const sent = await invite(ann, [{ ...eve, firstName: 'Evelyn' }]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await statusOf(ann)).signers).toEqual([
      expect.objectContaining({ email: eve.email, status: 'INVITED', linkExpiresAt: expect.any(String) }),
    ]);
    expect((await preview(await linkTokenFor(eve.email))).statusCode).toBe(200);
  });

  it('lets a co-owner who signed cancel the line during the right to cancel; nothing is recorded or funded', async () => {
    const ann = await jointBorrowerAtIdentity('Rescind');
    const rae = { firstName: 'Rae', lastName: 'Rescind', email: 'rae.rescind@example.com' };
    await invite(ann, [rae]);
    await signClosingDocuments(ann);
    await invite(ann, [rae]);
    const token = await linkTokenFor(rae.email);
    const signer = credentialsOf(await accept(token));
    // Before she has signed she has no right to cancel to use.
    expect((await asSigner(signer, 'GET', '')).json()).toMatchObject({ canRescind: false });
    expect((await asSigner(signer, 'POST', '/rescind', { confirm: true })).statusCode).toBe(409);
    await asSigner(signer, 'POST', '/identity', {
      firstName: 'Rae',
      lastName: 'Rescind',
      dob: '1981-02-03',
      phoneNumber: '4155550112',
    });
    const docs = (await asSigner(signer, 'GET', '/documents')).json().documents as {
      uuid: string;
      type: string;
      signingMethod: string;
    }[];
    for (const doc of docs.filter((each) => each.signingMethod === 'ESIGN')) {
      await asSigner(signer, 'POST', '/sign', {
        documentUuid: doc.uuid,
        esignConsent: true,
        esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
        scrolledToBottom: true,
      });
    }
    expect((await asSigner(signer, 'POST', '/notary/session')).statusCode).toBe(200);
    expect((await asSigner(signer, 'POST', '/notary/sign', { esignConsent: true })).json()).toMatchObject({
      status: 'COMPLETE',
      canRescind: false,
    });
    // The borrower's notary and insurance: the rescission period starts.
    await c.post(ann, '/notary/choice', { method: 'ENOTARY' });
    const session = (await c.post(ann, '/notary/session')).json() as {
      questions: { id: string; choices: string[] }[];
    };
    const answers = {
      birthYear: '1980',
      street: session.questions.find((q) => q.id === 'street')!.choices.find((x) => /oak/i.test(x))!,
      city: session.questions.find((q) => q.id === 'city')!.choices.find((x) => /fresno/i.test(x))!,
    };
    await c.post(ann, '/notary/session/identity', { answers });
    const deed = docs.find((doc) => doc.type === 'DEED_OF_TRUST')!;
    await c.post(ann, '/notary/session/review', { documentUuid: deed.uuid, scrolledToBottom: true });
    await c.post(ann, '/notary/session/sign', { esignConsent: true });
    expect((await c.drain(ann)).status).toBe('TRUST_AND_INSURANCE');
    await c.upload(ann, '/insurance/upload/hazard', { bytes: PDF_BYTES, fileName: 'policy.pdf' });
    expect((await c.drain(ann)).status).toBe('RESCISSION');

    // Her right to cancel runs with the borrower's, to the same deadline.
    const view = (await asSigner(signer, 'GET', '')).json();
    expect(view).toMatchObject({
      canRescind: true,
      rescissionDeadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const summary = (await c.get(ann, '/closing-summary')).json();
    expect(view.rescissionDeadline).toBe(summary.rescissionDeadline);
    expect((await asSigner(signer, 'POST', '/rescind', {})).statusCode).toBe(400);
    const rescinded = await asSigner(signer, 'POST', '/rescind', { confirm: true });
    expect(rescinded.statusCode, rescinded.body).toBe(200);
    expect(rescinded.json()).toMatchObject({ canRescind: false });
    expect((await c.status(ann)).status).toBe('CANCELLED');
    // Audited with the co-owner as the actor.
    const [event] = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, ann.applicationUuid),
          eq(schema.applicationEvents.action, 'RESCINDED'),
        ),
      );
    expect(event).toMatchObject({ actorType: 'CO_DEEDER', toStep: 'CANCELLED' });
    // Days later: still cancelled, the rescission and recording jobs did nothing.
    clock.set('2026-01-13T09:00:00.000Z');
    expect((await c.drain(ann)).status).toBe('CANCELLED');
    const recorded = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.applicationUuid, ann.applicationUuid));
    expect(recorded.map((each) => each.action)).not.toContain('RECORDED');
    expect(recorded.map((each) => each.action)).not.toContain('FUNDED');
    clock.set(START);
  });
});
