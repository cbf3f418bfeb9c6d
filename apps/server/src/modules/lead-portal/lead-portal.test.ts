/** The loan officer / broker card through HTTP: public, explicit fields, cached 10 minutes. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLoanOriginatorInfo, loanOriginatorHeading } from '@heloc/domain';
import { schema } from '../../db';
import { LOAN_ORIGINATOR_IDS, LOAN_ORIGINATORS } from '../../seed/loan-originators';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1000 });
});
afterAll(async () => t.close());

const url = (uuid: string) => `/service-lead-portal/api/lo/${uuid}`;
const get = (uuid: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: url(uuid), headers });

describe('GET /service-lead-portal/api/lo/{loanOriginatorUuid}', () => {
  it('answers a loan officer without a token, only the card’s fields, cacheable for 10 minutes', async () => {
    const res = await get(LOAN_ORIGINATOR_IDS.mainJordanReyes);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const body = res.json();
    expect(body).toEqual({
      loanOriginatorUuid: '7c1a2b3c-0000-4000-8000-000000000001',
      userInfo: { organizationCode: 'MAIN', title: 'Senior Loan Officer' },
      originatorDisplayInfo: {
        originatorName: 'Jordan Reyes',
        brokerName: null,
        avatarUri: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        email: 'jordan.reyes@harborline.example',
        phoneNumber: '415-555-0101',
        nmls: '2104871',
      },
    });
    expect(ZLoanOriginatorInfo.parse(body)).toBeTruthy();
    const svg = Buffer.from(body.originatorDisplayInfo.avatarUri.split(',')[1], 'base64').toString();
    expect(svg).toContain('>JR</text>');
  });

  it('gives each seeded card variant its heading', async () => {
    const heading = async (uuid: string) =>
      loanOriginatorHeading(ZLoanOriginatorInfo.parse((await get(uuid)).json()).originatorDisplayInfo);
    expect(await heading(LOAN_ORIGINATOR_IDS.mainJordanReyes)).toBe('Your Loan Officer');
    expect(await heading(LOAN_ORIGINATOR_IDS.wholesaleBrokerOnly)).toBe('Your Broker');
    expect(await heading(LOAN_ORIGINATOR_IDS.wholesaleBothNames)).toBe('Your Loan Officer');
    expect(await heading(LOAN_ORIGINATOR_IDS.cascadeNoNames)).toBeNull();
  });

  it('answers every seeded originator, with a null avatar where there is none', async () => {
    for (const seeded of LOAN_ORIGINATORS) {
      const res = await get(seeded.uuid);
      expect(res.statusCode, seeded.uuid).toBe(200);
      expect(res.json().originatorDisplayInfo.avatarUri).toBe(seeded.avatarUri ?? null);
    }
    expect(
      (await get(LOAN_ORIGINATOR_IDS.mainSamuelOkafor)).json().originatorDisplayInfo.avatarUri,
    ).toBeNull();
  });

  it('accepts the uuid in upper case', async () => {
    const res = await get(LOAN_ORIGINATOR_IDS.pinecrestEthanCaldwell.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().loanOriginatorUuid).toBe(LOAN_ORIGINATOR_IDS.pinecrestEthanCaldwell);
  });

  it('never answers stored fields beyond the card, even when userInfo holds more', async () => {
    await t.database.db
      .update(schema.loanOriginators)
      .set({ userInfo: { title: 'Loan Officer', ssn: '123-45-6789', homeAddress: '1 Secret Way' } })
      .where(eq(schema.loanOriginators.uuid, LOAN_ORIGINATOR_IDS.lanternTheoWhitaker));
    const res = await get(LOAN_ORIGINATOR_IDS.lanternTheoWhitaker);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('123-45-6789');
    expect(res.body).not.toContain('Secret');
    expect(res.body).not.toContain('createdAt');
    expect(res.json().userInfo).toEqual({ organizationCode: 'LANTERN', title: 'Loan Officer' });
  });

  it('answers 404 for an unknown originator (not cached) and 400 (error shape) for a malformed id', async () => {
    const unknown = await get('7c1a2b3c-0000-4000-8000-000000000999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 404, message: 'Loan originator not found' });
    expect(unknown.headers['cache-control']).toBeUndefined();

    const malformed = await get('7c1a2b3c-0000-4000-8000-00000000000z');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      status: 400,
      message: 'Invalid request: params.loanOriginatorUuid: Must be a valid UUID',
      details: [{ path: 'params.loanOriginatorUuid', message: 'Must be a valid UUID' }],
    });
  });

  it('ignores a bad token (public call)', async () => {
    const res = await get(LOAN_ORIGINATOR_IDS.mainJordanReyes, { authorization: 'Bearer garbage' });
    expect(res.statusCode).toBe(200);
  });

  it('is the card of an application registered with ?referrer=', async () => {
    const ann = await registerAndSignIn(t.app, 'RIVERBEND', {
      referrer: LOAN_ORIGINATOR_IDS.riverbendNaomiFischer,
      property: { street1: '5 Elm Street', city: 'Nashville', state: 'TN', zip: '37201' },
    });
    const application = (
      await t.app.inject({
        method: 'GET',
        url: `/service-application/api/v1/application/heloc/${ann.applicationUuid}`,
        headers: ann,
      })
    ).json();
    expect(application.referrer).toEqual({ referrerUuid: LOAN_ORIGINATOR_IDS.riverbendNaomiFischer });
    const card = (await get(application.referrer.referrerUuid)).json();
    expect(card.originatorDisplayInfo.originatorName).toBe('Naomi Fischer');
  });
});

describe('seeded originators', () => {
  it('span at least 5 organisations, including the main lender, wholesale and a credit union', () => {
    const orgs = new Set(LOAN_ORIGINATORS.map((o) => o.orgCode));
    expect(orgs.size).toBeGreaterThanOrEqual(5);
    for (const org of ['MAIN', 'MAIN_WHOLESALE', 'CASCADE_TEACHERS']) expect(orgs).toContain(org);
    const ids = LOAN_ORIGINATORS.map((o) => o.uuid);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of LOAN_ORIGINATORS) {
      expect(o.uuid).toMatch(/^7c1a2b3c-0000-4000-8000-0000000000\d\d$/);
      expect(o.phoneNumber).toMatch(/^\d{3}-555-01\d\d$/);
      expect(o.nmls).toMatch(/^\d{6,7}$/);
      const org = t.app.orgs.byOrgCode(o.orgCode)!;
      const domain = org.orgMetaData.companyInfo.email.split('@')[1];
      expect(o.email!.endsWith(`@${domain}`), o.email!).toBe(true);
    }
  });
});
