/** Provide More Info: more info, contact, additional profile, HMDA and the submission. */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HARD_CREDIT_DISCLOSURE_VERSION,
  ZAdditionalProfileInput,
  ZContactInfoInput,
  ZActionResult,
  ZHmdaInput,
  ZMoreInfoView,
  ZSubmitApplicationInput,
} from '@heloc/domain';
import { schema } from '../../../db';
import { AppError } from '../../../lib/errors';
import { recordEvent } from '../../../workflow/audit';
import {
  actionResult as result,
  alreadyDone,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  outOfOrder,
} from '../../route-helpers';
import { moveApplication, recordConsent } from '../../store';
import { SUBMISSION_JOB_KINDS } from '../job-kinds';
import { sealSsn, ssnContext } from '../secrets';

export const moreInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  app.get(
    `${BASE}/more-info`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'What the contact and additional-profile screens start from (the SSN as its last 4 only)',
        params,
        response: { 200: ZMoreInfoView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const [row] = await tx
          .select({
            email: schema.identities.email,
            hasSsn: schema.profiles.hasSsn,
            ssnLast4: schema.profiles.ssnLast4,
            ssnEncrypted: schema.profiles.ssnEncrypted,
          })
          .from(schema.identities)
          .innerJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.identities.uuid))
          .where(eq(schema.identities.uuid, identityUuid));
        const [phone] = await tx
          .select({ number: schema.profilePhoneNumbers.number })
          .from(schema.profilePhoneNumbers)
          .where(eq(schema.profilePhoneNumbers.identityUuid, identityUuid))
          .orderBy(desc(schema.profilePhoneNumbers.primary), desc(schema.profilePhoneNumbers.createdAt))
          .limit(1);
        const [property] = application.selectedPropertyUuid
          ? await tx
              .select({ ownership: schema.profileAddresses.ownership })
              .from(schema.profileAddresses)
              .where(eq(schema.profileAddresses.uuid, application.selectedPropertyUuid))
          : [];
        const [consent] = await tx
          .select({ uuid: schema.applicationConsents.uuid })
          .from(schema.applicationConsents)
          .where(
            and(
              eq(schema.applicationConsents.applicationUuid, application.uuid),
              eq(schema.applicationConsents.type, 'HARD_CREDIT'),
            ),
          );
        return {
          ...result(application),
          email: row?.email ?? '',
          phoneNumber: phone?.number ?? null,
          ownership: (property?.ownership as 'SOLE' | 'JOINT' | 'TRUST' | null | undefined) ?? null,
          // Only a sealed SSN counts as on file: the hard pull needs all 9 digits.
          hasSsn: Boolean(row?.ssnEncrypted),
          ssnLast4: row?.ssnEncrypted ? (row.ssnLast4 ?? null) : null,
          hardCreditConsent: consent !== undefined,
        };
      }),
  );

  app.post(
    `${BASE}/contact`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Collect additional info: the e-mail and phone number to reach the borrower',
        description:
          'The e-mail replaces the account e-mail (it is also the sign-in name); the phone becomes primary.',
        params,
        body: ZContactInfoInput,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const { phoneNumber } = request.body;
        const email = request.body.email.toLowerCase();
        if (application.step !== 'COLLECT_ADDITIONAL_INFO') {
          // A repeat after the borrower moved on answers the current status; anything else is out of order.
          const [saved] = await tx
            .select({ id: schema.applicationEvents.id })
            .from(schema.applicationEvents)
            .where(
              and(
                eq(schema.applicationEvents.applicationUuid, application.uuid),
                eq(schema.applicationEvents.action, 'SAVE_CONTACT'),
              ),
            )
            .limit(1);
          if (saved) return result(application);
          throw outOfOrder(application, 'SAVE_CONTACT');
        }
        const [taken] = await tx
          .select({ uuid: schema.identities.uuid })
          .from(schema.identities)
          .where(and(eq(schema.identities.email, email), ne(schema.identities.uuid, identityUuid)));
        if (taken) throw new AppError('CONFLICT', 'This e-mail address is already used by another account');
        await tx.update(schema.identities).set({ email }).where(eq(schema.identities.uuid, identityUuid));
        await tx
          .update(schema.profilePhoneNumbers)
          .set({ primary: false })
          .where(eq(schema.profilePhoneNumbers.identityUuid, identityUuid));
        await tx
          .insert(schema.profilePhoneNumbers)
          .values({ identityUuid, number: phoneNumber, primary: true })
          .onConflictDoUpdate({
            target: [schema.profilePhoneNumbers.identityUuid, schema.profilePhoneNumbers.number],
            set: { primary: true },
          });
        await recordEvent(tx, clock, {
          applicationUuid: application.uuid,
          actor: borrower(identityUuid),
          kind: 'ACTION',
          action: 'SAVE_CONTACT',
          // Which fields changed, not their values (no PII in the trail beyond what identifies the step).
          data: { phoneLast4: phoneNumber.slice(-4) },
        });
        return result(application);
      }),
  );

  app.post(
    `${BASE}/additional-profile`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary:
          'Property ownership, the SSN when none is on file, and the hard-credit authorization; on to HMDA',
        description:
          'The SSN is sealed (AES-256-GCM) at rest and never returned; only its last 4 digits are shown.',
        params,
        body: ZAdditionalProfileInput,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        if (await alreadyDone(tx, application, 'SUBMIT_ADDITIONAL_PROFILE', ['COLLECT_ADDITIONAL_INFO'])) {
          return result(application);
        }
        const { ownership, ssn } = request.body;
        const [profile] = await tx
          .select({ ssnEncrypted: schema.profiles.ssnEncrypted })
          .from(schema.profiles)
          .where(eq(schema.profiles.identityUuid, identityUuid));
        const [phone] = await tx
          .select({ uuid: schema.profilePhoneNumbers.uuid })
          .from(schema.profilePhoneNumbers)
          .where(eq(schema.profilePhoneNumbers.identityUuid, identityUuid))
          .limit(1);
        // Out of order first (409 changes nothing), then what the body lacks (400).
        const moved = await moveApplication(tx, clock, application, 'SUBMIT_ADDITIONAL_PROFILE', {
          actor: borrower(identityUuid),
          data: { ownership, ssnProvided: ssn !== undefined },
        });
        if (!phone) {
          throw new AppError(
            'BAD_REQUEST',
            'Invalid request: body.phoneNumber: Please add a phone number first',
            [{ path: 'body.phoneNumber', message: 'Please add a phone number first' }],
          );
        }
        if (!profile?.ssnEncrypted) {
          if (!ssn) {
            throw new AppError('BAD_REQUEST', 'Invalid request: body.ssn: Required', [
              { path: 'body.ssn', message: 'Required' },
            ]);
          }
          await sealSsn(tx, app.sealer, identityUuid, ssn);
        } else if (ssn && app.sealer.open(profile.ssnEncrypted, ssnContext(identityUuid)) !== ssn) {
          throw new AppError(
            'BAD_REQUEST',
            'Invalid request: body.ssn: This SSN does not match the one you gave before',
            [{ path: 'body.ssn', message: 'This SSN does not match the one you gave before' }],
          );
        }
        if (application.selectedPropertyUuid) {
          await tx
            .update(schema.profileAddresses)
            .set({ ownership })
            .where(
              and(
                eq(schema.profileAddresses.uuid, application.selectedPropertyUuid),
                eq(schema.profileAddresses.identityUuid, identityUuid),
              ),
            );
        }
        await recordConsent(tx, clock, application.uuid, 'HARD_CREDIT', HARD_CREDIT_DISCLOSURE_VERSION);
        return result(moved);
      }),
  );

  app.post(
    `${BASE}/hmda`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary:
          'HMDA demographic information (ethnicity, race, sex; each may be declined); generates the summary',
        params,
        body: ZHmdaInput,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        if (await alreadyDone(tx, application, 'SUBMIT_HMDA', ['HMDA'])) return result(application);
        // The answers are stored for Regulation C reporting, not copied into the audit trail.
        const moved = await moveApplication(tx, clock, application, 'SUBMIT_HMDA', {
          actor: borrower(identityUuid),
          next: { kind: SUBMISSION_JOB_KINDS.appSummary, payload: {} },
        });
        await tx
          .update(schema.helocApplications)
          .set({ hmda: request.body, hasHmda: true })
          .where(eq(schema.helocApplications.uuid, application.uuid));
        return result(moved);
      }),
  );

  app.post(
    `${BASE}/submit`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Submit the application: the summary is confirmed and the hard credit pull starts',
        params,
        body: ZSubmitApplicationInput,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        if (await alreadyDone(tx, application, 'SUBMIT_APPLICATION', ['SUMMARY'])) return result(application);
        const [summary] = await tx
          .select({ uuid: schema.applicationDocuments.uuid, sha256: schema.applicationDocuments.sha256 })
          .from(schema.applicationDocuments)
          .where(
            and(
              eq(schema.applicationDocuments.applicationUuid, application.uuid),
              eq(schema.applicationDocuments.type, 'APPLICATION_SUMMARY'),
            ),
          );
        const moved = await moveApplication(tx, clock, application, 'SUBMIT_APPLICATION', {
          actor: borrower(identityUuid),
          // Which summary the borrower confirmed, by content hash.
          data: { summaryDocumentUuid: summary?.uuid ?? null, summarySha256: summary?.sha256 ?? null },
          next: { kind: SUBMISSION_JOB_KINDS.hardPull, payload: {} },
        });
        return result(moved);
      }),
  );
};
