/**
 * The borrower's endpoints of the submission segment, one per action under
 * /service-application/api/v1/application/heloc/{uuid}/… (DESIGN.md §6), with the engine's rules:
 * zod bodies from the domain (the web's forms use the same schemas), ownership (another borrower's
 * id answers 404), the application lock (one writer), the step table (an out-of-order action answers
 * 409 with the current step, changing nothing), idempotency (repeating an action that already moved the
 * application answers the current status), and the next job enqueued in the same transaction.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ASSET_DEPLETION_MONTHS,
  combinedLtvBps,
  dtiWithAssetsBps,
  eligibleAssetsCents,
  HARD_CREDIT_DISCLOSURE_VERSION,
  mergePricing,
  priceOffers,
  ZApplicationDocumentList,
  ZAdditionalProfileInput,
  ZAssetDepletionInput,
  ZAssetDepletionView,
  ZCltvRequalifyInput,
  ZCltvRequalifyView,
  ZContactInfoInput,
  ZActionResult,
  ZHmdaInput,
  ZMoreInfoView,
  ZSubmitApplicationInput,
  ZUuid,
  type TApplicationStatus,
  type TRequalifyCause,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';
import { AppError } from '../../lib/errors';
import { recordEvent } from '../../workflow/audit';
import type { ApplicationRow } from '../../workflow/step-machine';
import type { EngineAction } from '../steps';
import {
  actionResult as result,
  alreadyDone,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  outOfOrder,
} from '../route-helpers';
import { latestTransitionData, moveApplication, recordConsent } from '../store';
import { CLOSING_JOBS, queueAfterLatestEvent } from '../closing/store';
import { documentsOf } from './documents';
import { SUBMISSION_JOB_KINDS } from './job-kinds';
import { sealSsn, ssnContext } from './secrets';

export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  const pricingOf = (application: ApplicationRow) =>
    mergePricing(app.orgs.byOrgCode(application.orgCode)?.orgPricingData ?? []);

  // ------------------------------------------------------------------------------------------
  // Asset depletion
  // ------------------------------------------------------------------------------------------

  app.get(
    `${BASE}/asset-depletion`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Why assets are asked for: the debt-to-income on the stated income and the cap',
        params,
        response: { 200: ZAssetDepletionView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => {
        const facts = await latestTransitionData(tx, application.uuid, 'ASSETS_NEEDED');
        if (!facts) throw outOfOrder(application, 'Asset depletion');
        return {
          ...result(application),
          dtiBps: typeof facts.dtiBps === 'number' ? facts.dtiBps : 0,
          dtiCapBps: pricingOf(application).dtiCapBps,
          depletionMonths: ASSET_DEPLETION_MONTHS,
          complete: application.assetDepletionComplete,
        };
      }),
  );

  app.post(
    `${BASE}/asset-depletion`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary:
          'Declare liquid assets; qualifies on asset-depletion income and prices the offers, or declines',
        params,
        body: ZAssetDepletionInput,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        if (application.assetDepletionComplete && application.step !== 'ASSETS_PREQUAL')
          return result(application);
        const facts = await latestTransitionData(tx, application.uuid, 'ASSETS_NEEDED');
        if (application.step !== 'ASSETS_PREQUAL' || !facts) throw outOfOrder(application, 'Asset depletion');
        const pricing = pricingOf(application);
        const eligible = eligibleAssetsCents(request.body.assets);
        const dtiBps = dtiWithAssetsBps({
          monthlyDebtCents: Number(facts.monthlyDebtCents),
          statedAnnualIncomeCents: Number(
            facts.qualifyingAnnualIncomeCents ?? application.statedAnnualIncomeCents ?? 0,
          ),
          eligibleAssetsCents: eligible,
        });
        const data = {
          // Balances are financial data but not identifiers; the trail keeps what was relied on.
          assets: request.body.assets,
          eligibleAssetsCents: eligible,
          qualifyingAnnualIncomeCents: facts.qualifyingAnnualIncomeCents,
          dtiBps: Number.isFinite(dtiBps) ? dtiBps : null,
          valueCents: facts.valueCents,
          existingLiensCents: facts.existingLiensCents,
          maxLineCents: facts.maxLineCents,
          cltvBps: facts.cltvBps,
          score: facts.score,
        };
        await tx
          .update(schema.helocApplications)
          .set({ assetDepletionComplete: true })
          .where(eq(schema.helocApplications.uuid, application.uuid));
        if (dtiBps > pricing.dtiCapBps) {
          const moved = await moveApplication(tx, clock, application, 'ASSETS_INSUFFICIENT', {
            actor: borrower(identityUuid),
            reason: 'DTI_ABOVE_CAP',
            data: { ...data, reasons: ['DTI_ABOVE_CAP'] },
            flags: { uwDecision: 'DECLINE', dtiDecline: true },
          });
          return result(moved);
        }
        const lineCents = Number(facts.maxLineCents);
        const offers = priceOffers({
          creditScore: Number(facts.score),
          cltvBps: combinedLtvBps({
            valueCents: Number(facts.valueCents),
            existingLiensCents: Number(facts.existingLiensCents),
            lineCents,
          }),
          pricing,
          lineCents,
        });
        await tx
          .delete(schema.applicationOffers)
          .where(eq(schema.applicationOffers.applicationUuid, application.uuid));
        await tx.insert(schema.applicationOffers).values(
          offers.map((offer) => ({
            applicationUuid: application.uuid,
            termYears: offer.termYears,
            rateBps: offer.rateBps,
            originationFeeBps: offer.originationFeeBps,
            maxLineCents: offer.lineCents,
          })),
        );
        await tx
          .update(schema.helocApplications)
          .set({ uwCalculatedDrawAmountCents: lineCents, adjustedHomeAmountCents: Number(facts.valueCents) })
          .where(eq(schema.helocApplications.uuid, application.uuid));
        const moved = await moveApplication(tx, clock, application, 'SUBMIT_ASSETS', {
          actor: borrower(identityUuid),
          data: { ...data, offers: offers.length },
          flags: { uwDecision: 'APPROVED', uwSubDecision: 'UNVERIFIED_DTI_LIMITED' },
        });
        return result(moved);
      }),
  );

  // ------------------------------------------------------------------------------------------
  // CLTV requalification at a lower amount
  // ------------------------------------------------------------------------------------------

  /**
   * CLTV_REQUALIFY is reached from two phases, and the event that led there records which: the hard
   * pull at submission (accepting submits the application) or the valuation report at closing, Texas
   * (accepting goes on to the closing documents). Each phase accepts with its own action of the step
   * table; the screen and the endpoints are the same.
   */
  const REQUALIFY_PHASES = {
    SUBMISSION: {
      cause: 'CREDIT_REPORT',
      accept: 'ACCEPT_REQUALIFY',
      next: SUBMISSION_JOB_KINDS.submitApplication,
      flags: { disclosurelistSummaryComplete: true },
    },
    CLOSING: {
      cause: 'VALUATION',
      accept: 'ACCEPT_REQUALIFY_CLOSING',
      next: CLOSING_JOBS.closingPrepare,
      flags: {},
    },
  } as const satisfies Record<
    string,
    {
      cause: TRequalifyCause;
      accept: EngineAction;
      next: string;
      flags: Partial<TApplicationStatus>;
    }
  >;

  /** The latest entry into CLTV_REQUALIFY: its facts (new maximum, previous amount) and its phase. */
  async function requalification(tx: Executor, applicationUuid: string) {
    const [entry] = await tx
      .select({ data: schema.applicationEvents.data })
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, applicationUuid),
          eq(schema.applicationEvents.kind, 'STEP_CHANGE'),
          eq(schema.applicationEvents.toStep, 'CLTV_REQUALIFY'),
        ),
      )
      .orderBy(desc(schema.applicationEvents.id))
      .limit(1);
    if (!entry) return null;
    // Entries recorded before phases were (the hard pull's) are the submission's.
    const phase = entry.data.phase === 'CLOSING' ? 'CLOSING' : 'SUBMISSION';
    return {
      ...REQUALIFY_PHASES[phase],
      previousAmountCents: Number(entry.data.previousAmountCents),
      maxLineCents: Number(entry.data.maxLineCents),
    };
  }

  app.get(
    `${BASE}/requalify`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary:
          'The lower line the combined loan-to-value cap allows after the hard pull or the valuation report',
        params,
        response: { 200: ZCltvRequalifyView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => {
        const requalify = await requalification(tx, application.uuid);
        if (!requalify) throw outOfOrder(application, 'Requalification');
        return {
          ...result(application),
          cause: requalify.cause,
          previousAmountCents: requalify.previousAmountCents,
          maxLineCents: requalify.maxLineCents,
          minLineCents: pricingOf(application).minLineCents,
          termYears: application.termYears,
          rateBps: application.rateBps,
        };
      }),
  );

  app.post(
    `${BASE}/requalify`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary:
          'Accept the line at a lower amount (within the new maximum) and continue the submission or the closing',
        params,
        body: ZCltvRequalifyInput,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const requalify = await requalification(tx, application.uuid);
        const accept = requalify?.accept ?? REQUALIFY_PHASES.SUBMISSION.accept;
        if (await alreadyDone(tx, application, accept, ['CLTV_REQUALIFY'])) return result(application);
        const { amountCents } = request.body;
        if (application.step === 'CLTV_REQUALIFY' && requalify) {
          const { minLineCents } = pricingOf(application);
          const { maxLineCents } = requalify;
          if (amountCents < minLineCents || amountCents > maxLineCents) {
            throw new AppError(
              'BAD_REQUEST',
              'The amount must be between the minimum and the new maximum line',
              {
                minLineCents,
                maxLineCents,
              },
            );
          }
        }
        // Out of order (no requalification open) answers 409 from the step table here.
        const moved = await moveApplication(tx, clock, application, accept, {
          actor: borrower(identityUuid),
          data: { amountCents, previousAmountCents: application.amountCents },
          flags: requalify?.flags ?? {},
        });
        await queueAfterLatestEvent(tx, clock, application.uuid, {
          kind: requalify?.next ?? REQUALIFY_PHASES.SUBMISSION.next,
        });
        await tx
          .update(schema.helocApplications)
          .set({ amountCents })
          .where(eq(schema.helocApplications.uuid, application.uuid));
        return result(moved);
      }),
  );

  // ------------------------------------------------------------------------------------------
  // Provide More Info
  // ------------------------------------------------------------------------------------------

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

  // ------------------------------------------------------------------------------------------
  // Documents
  // ------------------------------------------------------------------------------------------

  app.get(
    `${BASE}/documents`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The application’s documents (generated disclosures, notices, uploads)',
        params,
        response: { 200: ZApplicationDocumentList, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => ({
        ...result(application),
        documents: await documentsOf(tx, application.uuid),
      })),
  );

  app.get(
    `${BASE}/documents/:documentUuid/file`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Download one document (the application’s owner only; anyone else gets 404)',
        params: params.extend({ documentUuid: ZUuid }),
        response: { 200: z.any().describe('The file (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const document = await onOwnApplication(app.db, request, async (tx, application) => {
        const [row] = await tx
          .select()
          .from(schema.applicationDocuments)
          .where(
            and(
              eq(schema.applicationDocuments.applicationUuid, application.uuid),
              eq(schema.applicationDocuments.uuid, request.params.documentUuid.toLowerCase()),
            ),
          );
        return row ?? null;
      });
      if (!document) throw new AppError('NOT_FOUND', 'Document not found');
      const file = await app.storage.get(document.fileKey);
      if (!file) throw new AppError('NOT_FOUND', 'Document not found');
      return reply
        .header('content-type', document.contentType)
        .header(
          'content-disposition',
          `inline; filename="${document.fileName.replace(/[^a-z0-9._-]/gi, '_')}"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );
};
