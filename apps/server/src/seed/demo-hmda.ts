/**
 * Demo data for the HMDA LAR export (development only, README "HMDA LAR"): four MAIN borrowers
 * whose applications reached a final action this year — funded, denied by staff with Regulation B
 * reasons, denied by the underwriting engine before submission, withdrawn by the borrower — with the
 * audit entries the real engine writes (credit report, underwriting facts, the final step change),
 * so `GET /service-ops/api/v1/reports/hmda-lar?year=<this year>` has rows to build and check.
 * Created once (by e-mail); the borrowers cannot sign in (their password is the demo borrower's).
 */
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { THmdaInput } from '@heloc/domain';
import { schema, type Database } from '../db';
import { LOAN_ORIGINATOR_IDS } from './loan-originators';

type DemoCase = {
  email: string;
  firstName: string;
  lastName: string;
  dob: string;
  property: { street1: string; city: string; state: string; zip: string };
  finalStep: 'COMPLETE' | 'DECLINED' | 'CANCELLED';
  finalAction: string;
  finalActor: 'SYSTEM' | 'STAFF' | 'BORROWER' | 'PROVIDER';
  finalData: Record<string, unknown>;
  submitted: boolean;
  hmda: THmdaInput | null;
  amountCents: number;
  rateBps: number;
  termYears: number;
  lien: boolean;
  score: number;
  underwriting: { dtiBps: number; cltvBps: number; valueCents: number } | null;
  uwDecision: 'APPROVED' | 'DECLINE';
};

export const DEMO_HMDA_CASES: readonly DemoCase[] = [
  {
    email: 'hmda-funded@heloc.test',
    firstName: 'Frances',
    lastName: 'Funded',
    dob: '1979-02-11',
    property: { street1: '2150 Capitol Avenue', city: 'Sacramento', state: 'CA', zip: '95816' },
    finalStep: 'COMPLETE',
    finalAction: 'FUNDED',
    finalActor: 'SYSTEM',
    finalData: {},
    submitted: true,
    hmda: {
      ethnicity: { declined: false, values: ['NOT_HISPANIC_OR_LATINO'] },
      race: { declined: false, values: ['ASIAN', 'WHITE'] },
      sex: { declined: false, values: ['FEMALE'] },
    },
    amountCents: 120_000_00,
    rateBps: 825,
    termYears: 30,
    lien: true,
    score: 742,
    underwriting: { dtiBps: 3650, cltvBps: 7125, valueCents: 850_000_00 },
    uwDecision: 'APPROVED',
  },
  {
    email: 'hmda-denied@heloc.test',
    firstName: 'Dmitri',
    lastName: 'Denied',
    dob: '1966-09-30',
    property: { street1: '88 Alder Street', city: 'Portland', state: 'OR', zip: '97204' },
    finalStep: 'DECLINED',
    finalAction: 'STAFF_DECLINE',
    finalActor: 'STAFF',
    finalData: {
      decision: 'DECLINE',
      reasons: ['EXCESSIVE_OBLIGATIONS', 'OTHER'],
      otherReason: 'Property listed for sale',
    },
    submitted: true,
    hmda: {
      ethnicity: { declined: true, values: [] },
      race: { declined: true, values: [] },
      sex: { declined: false, values: ['MALE'] },
    },
    amountCents: 75_000_00,
    rateBps: 0,
    termYears: 0,
    lien: true,
    score: 688,
    underwriting: { dtiBps: 4820, cltvBps: 8450, valueCents: 510_000_00 },
    uwDecision: 'APPROVED',
  },
  {
    email: 'hmda-autodecline@heloc.test',
    firstName: 'Ari',
    lastName: 'Autodecline',
    dob: '1991-12-03',
    property: { street1: '410 Juniper Lane', city: 'Boise', state: 'ID', zip: '83702' },
    finalStep: 'DECLINED',
    finalAction: 'DECLINE',
    finalActor: 'PROVIDER',
    finalData: { reasons: ['CREDIT_SCORE_BELOW_FLOOR'], dtiBps: 3100, cltvBps: 6200, valueCents: 395_000_00 },
    submitted: false,
    hmda: null,
    amountCents: 50_000_00,
    rateBps: 0,
    termYears: 0,
    lien: false,
    score: 590,
    underwriting: null,
    uwDecision: 'DECLINE',
  },
  {
    email: 'hmda-withdrawn@heloc.test',
    firstName: 'Wren',
    lastName: 'Withdrawn',
    dob: '1985-05-21',
    property: { street1: '17 Harbor View Road', city: 'Seattle', state: 'WA', zip: '98101' },
    finalStep: 'CANCELLED',
    finalAction: 'CANCEL',
    finalActor: 'BORROWER',
    finalData: {},
    submitted: true,
    hmda: {
      ethnicity: { declined: false, values: ['HISPANIC_OR_LATINO'] },
      race: { declined: false, values: ['WHITE'] },
      sex: { declined: false, values: ['FEMALE', 'MALE'] },
    },
    amountCents: 90_000_00,
    rateBps: 790,
    termYears: 20,
    lien: false,
    score: 771,
    underwriting: { dtiBps: 2210, cltvBps: 5530, valueCents: 640_000_00 },
    uwDecision: 'APPROVED',
  },
];

const DAY = 86_400_000;

export async function seedDemoHmda(db: Database, password: string, now: Date = new Date()): Promise<void> {
  const [first] = await db
    .select({ uuid: schema.identities.uuid })
    .from(schema.identities)
    .where(eq(schema.identities.email, DEMO_HMDA_CASES[0]!.email));
  if (first) return;
  const passwordHash = await hash(password);
  // The final action falls in this calendar year (UTC) even on the 1st of January.
  const startOfYear = Date.UTC(now.getUTCFullYear(), 0, 1);
  const actionAt = (index: number) =>
    new Date(Math.max(startOfYear, now.getTime() - (index + 1) * 3_600_000));
  for (const [index, demo] of DEMO_HMDA_CASES.entries()) {
    const createdAt = new Date(now.getTime() - (30 - index) * DAY);
    const submittedAt = new Date(now.getTime() - (20 - index) * DAY);
    const finalAt = actionAt(index);
    await db.transaction(async (tx) => {
      const [identity] = await tx
        .insert(schema.identities)
        .values({ email: demo.email, passwordHash, organizationCode: 'MAIN', profileType: 'BORROWER' })
        .returning();
      await tx.insert(schema.profiles).values({
        identityUuid: identity!.uuid,
        firstName: demo.firstName,
        lastName: demo.lastName,
        dob: demo.dob,
      });
      const [home] = await tx
        .insert(schema.profileAddresses)
        .values({
          identityUuid: identity!.uuid,
          ...demo.property,
          ownership: 'SOLE',
          saleStatus: 'NOT_SELLING',
        })
        .returning();
      const [application] = await tx
        .insert(schema.helocApplications)
        .values({
          identityUuid: identity!.uuid,
          orgCode: 'MAIN',
          step: demo.finalStep,
          selectedPropertyUuid: home!.uuid,
          statedAnnualIncomeCents: 140_000_00 + index * 10_000_00,
          employmentType: 'FULL_TIME',
          referrerUuid: LOAN_ORIGINATOR_IDS.mainJordanReyes,
          amountCents: demo.amountCents,
          rateBps: demo.rateBps,
          termYears: demo.termYears,
          hasHmda: demo.hmda !== null,
          hmda: demo.hmda,
          submittedAt: demo.submitted ? submittedAt : null,
          statusFlags: { uwDecision: demo.uwDecision },
          stepChangedAt: finalAt,
          createdAt,
          updatedAt: finalAt,
        })
        .returning();
      if (demo.lien)
        await tx.insert(schema.applicationLiens).values({
          applicationUuid: application!.uuid,
          position: 1,
          lenderName: 'Demo First Mortgage Bank',
          balanceCents: 300_000_00,
          source: 'PROVIDER',
          confirmed: true,
        });
      const event = (at: Date, values: Partial<typeof schema.applicationEvents.$inferInsert>) => ({
        applicationUuid: application!.uuid,
        at,
        actorType: 'PROVIDER',
        kind: 'STEP_CHANGE',
        action: 'CREDIT_MATCHED',
        data: {},
        ...values,
      });
      await tx.insert(schema.applicationEvents).values([
        event(new Date(createdAt.getTime() + 60_000), {
          fromStep: 'WAITING_FOR_CREDIT',
          toStep: 'CHOOSE_PROPERTY',
          data: { score: demo.score, monthlyDebtCents: 2_100_00 },
        }),
        ...(demo.underwriting
          ? [
              event(new Date(createdAt.getTime() + 120_000), {
                action: 'OFFERS_READY',
                fromStep: 'WAITING_FOR_UNDERWRITING',
                toStep: 'OFFER_SELECTION',
                data: { ...demo.underwriting, score: demo.score },
              }),
            ]
          : []),
        event(finalAt, {
          actorType: demo.finalActor,
          action: demo.finalAction,
          fromStep: demo.finalStep === 'COMPLETE' ? 'FUNDABLE' : 'WAITING_FOR_UNDERWRITING',
          toStep: demo.finalStep,
          reason: demo.finalStep === 'DECLINED' ? 'Declined (demo data)' : null,
          data: demo.finalData,
        }),
      ]);
    });
  }
}
