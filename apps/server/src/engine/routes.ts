/**
 * The borrower's write endpoints of the first engine slice (DESIGN.md §6: one per user action under
 * /service-application/api/v1/application/heloc/{uuid}/…). Every route:
 * - checks ownership (another borrower's id answers 404, a malformed one 400);
 * - works under the application lock, so two clicks cannot both move the application;
 * - is idempotent: repeating an action that already succeeded answers the current status instead of
 *   an error (the audit trail says whether the same action, with the same non-secret input, was
 *   already applied); any other out-of-order action answers 409 with the current step;
 * - enqueues the provider job of the waiting step it moves to, in the same transaction.
 */
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mergePricing,
  offerFigures,
  ZActionResult,
  ZConfirmLiensBody,
  ZCreditPinForm,
  ZLiensResponse,
  ZOfferChoice,
  ZOffersResponse,
  ZProfileStepBody,
  ZPropertiesResponse,
  ZSsnForm,
} from '@heloc/domain';
import type { Executor } from '../db';
import { schema } from '../db';
import { AppError } from '../lib/errors';
import { authOf } from '../plugins/auth';
import type { ApplicationRow } from '../workflow/step-machine';
import { JOB_KINDS, moveApplication, recordConsent, type PropertyCandidate } from './store';
import {
  actionResult as result,
  alreadyDone,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
} from './route-helpers';
import { sealFreezePin, sealSsn } from './submission/secrets';

/** Version of the soft-credit consent text the borrower agreed to (kept with the consent). */
const SOFT_CREDIT_DISCLOSURE_VERSION = 'soft-credit-2026-01';

export const engineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  app.post(
    `${BASE}/profile`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Basic info: name, birth date, property and the soft-credit consent; starts the soft pull',
        params,
        body: ZProfileStepBody,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const { name, dob, propertyUuid } = request.body;
      return onOwnApplication(app.db, request, async (tx, application) => {
        const [consent] = await tx
          .select({ uuid: schema.applicationConsents.uuid })
          .from(schema.applicationConsents)
          .where(
            and(
              eq(schema.applicationConsents.applicationUuid, application.uuid),
              eq(schema.applicationConsents.type, 'SOFT_CREDIT'),
            ),
          );
        if (consent && application.step !== 'IN_PROGRESS') return result(application);

        const wanted = propertyUuid?.toLowerCase() ?? application.selectedPropertyUuid;
        if (!wanted) throw new AppError('BAD_REQUEST', 'A property is required');
        const [property] = await tx
          .select({ uuid: schema.profileAddresses.uuid })
          .from(schema.profileAddresses)
          .where(
            and(
              eq(schema.profileAddresses.uuid, wanted),
              eq(schema.profileAddresses.identityUuid, identityUuid),
            ),
          );
        if (!property) throw new AppError('NOT_FOUND', 'Property not found');

        // Order matters: an out-of-order request must change nothing, so the transition (which
        // throws 409) comes before the profile and consent writes of the same transaction.
        const moved = await moveApplication(tx, clock, application, 'SUBMIT_PROFILE', {
          actor: borrower(identityUuid),
          data: { propertyUuid: property.uuid },
          // A new attempt starts clean: a datatree miss or a freeze belongs to the previous one.
          flags: { datatreeNoMatch: false, creditFrozenWithPin: false },
          next: { kind: JOB_KINDS.creditSoftPull, payload: {} },
        });
        await tx
          .update(schema.profiles)
          .set({
            firstName: name.firstName,
            middleName: name.middleName ?? null,
            lastName: name.lastName,
            suffix: name.suffix ?? null,
            dob,
          })
          .where(eq(schema.profiles.identityUuid, identityUuid));
        await tx
          .update(schema.helocApplications)
          .set({ selectedPropertyUuid: property.uuid })
          .where(eq(schema.helocApplications.uuid, application.uuid));
        await recordConsent(tx, clock, application.uuid, 'SOFT_CREDIT', SOFT_CREDIT_DISCLOSURE_VERSION);
        return result(moved);
      });
    },
  );

  app.post(
    `${BASE}/ssn`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The SSN after a soft pull found no file; pulls again',
        description:
          'The SSN is sealed at rest (AES-256-GCM) for the hard pull; only its last 4 digits are ever shown.',
        params,
        body: ZSsnForm,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const ssnLast4 = request.body.ssn.replace(/\D/g, '').slice(-4);
      return onOwnApplication(app.db, request, async (tx, application) => {
        if (
          await alreadyDone(
            tx,
            application,
            'SUBMIT_SSN',
            ['CREDIT_NO_MATCH'],
            (data) => data.ssnLast4 === ssnLast4,
          )
        ) {
          return result(application);
        }
        const moved = await moveApplication(tx, clock, application, 'SUBMIT_SSN', {
          actor: borrower(identityUuid),
          data: { ssnLast4 },
          // The SSN itself is sealed on the profile below; the soft pull opens it there.
          next: { kind: JOB_KINDS.creditSoftPull, payload: {} },
        });
        await sealSsn(tx, app.sealer, identityUuid, request.body.ssn);
        return result(moved);
      });
    },
  );

  app.post(
    `${BASE}/credit-pin`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The bureau freeze PIN; pulls again with it',
        params,
        body: ZCreditPinForm,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      return onOwnApplication(app.db, request, async (tx, application) => {
        // A wrong PIN lands on CREDIT_FROZEN_PIN again, where a new PIN is a new attempt.
        if (await alreadyDone(tx, application, 'SUBMIT_PIN', ['CREDIT_FROZEN_PIN']))
          return result(application);
        const moved = await moveApplication(tx, clock, application, 'SUBMIT_PIN', {
          actor: borrower(identityUuid),
          // The PIN never travels in a job payload (nor the audit trail): it is sealed on the
          // application below and the job only says to use it.
          next: { kind: JOB_KINDS.creditSoftPull, payload: { withSealedFreezePin: true } },
        });
        // Sealed for this pull and for the hard pull at submission, which needs the freeze lifted again.
        await sealFreezePin(tx, app.sealer, application.uuid, request.body.pin);
        return result(moved);
      });
    },
  );

  app.post(
    `${BASE}/credit-retry`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Pull credit again after the borrower lifted a freeze at the bureau',
        params,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      return onOwnApplication(app.db, request, async (tx, application) => {
        if (await alreadyDone(tx, application, 'RETRY_CREDIT', ['CREDIT_FROZEN', 'CREDIT_FROZEN_PIN']))
          return result(application);
        const moved = await moveApplication(tx, clock, application, 'RETRY_CREDIT', {
          actor: borrower(identityUuid),
          next: { kind: JOB_KINDS.creditSoftPull, payload: {} },
        });
        return result(moved);
      });
    },
  );

  app.get(
    `${BASE}/properties`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The properties of record to choose from when several matched',
        params,
        response: { 200: ZPropertiesResponse, ...errors },
      },
    },
    async (request) => {
      return onOwnApplication(app.db, request, async (tx, application) => ({
        ...result(application),
        properties: await candidatesOf(tx, application.uuid),
      }));
    },
  );

  app.post(
    `${BASE}/property`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Choose one of several properties of record; looks it up again',
        params,
        body: z.object({ propertyId: z.string().min(1).max(100) }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const { propertyId } = request.body;
      return onOwnApplication(app.db, request, async (tx, application) => {
        if (
          await alreadyDone(
            tx,
            application,
            'CHOOSE_PROPERTY',
            ['MULTIPLE_PROPERTIES'],
            (data) => data.propertyId === propertyId,
          )
        ) {
          return result(application);
        }
        const candidate = (await candidatesOf(tx, application.uuid)).find(
          (each) => each.propertyId === propertyId,
        );
        if (application.step === 'MULTIPLE_PROPERTIES' && !candidate) {
          throw new AppError('BAD_REQUEST', 'Not one of the properties found');
        }
        const moved = await moveApplication(tx, clock, application, 'CHOOSE_PROPERTY', {
          actor: borrower(identityUuid),
          data: { propertyId },
          next: { kind: JOB_KINDS.propertyLookup, payload: { propertyId } },
        });
        // The chosen home becomes the application's property (one of the borrower's addresses),
        // so the valuation, the Texas rules and the screens all see the same address.
        const [address] = await tx
          .insert(schema.profileAddresses)
          .values({
            identityUuid,
            street1: candidate!.street1,
            street2: candidate!.street2,
            city: candidate!.city,
            state: candidate!.state,
            zip: candidate!.zip,
          })
          .returning({ uuid: schema.profileAddresses.uuid });
        await tx
          .update(schema.helocApplications)
          .set({ selectedPropertyUuid: address!.uuid })
          .where(eq(schema.helocApplications.uuid, application.uuid));
        return result(moved);
      });
    },
  );

  app.get(
    `${BASE}/liens`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The liens found on the property (and the borrower’s corrections), with balances',
        params,
        response: { 200: ZLiensResponse, ...errors },
      },
    },
    async (request) => {
      return onOwnApplication(app.db, request, async (tx, application) => ({
        ...result(application),
        inquiryAttestNeeded: application.statusFlags.inquiryAttestNeeded === true,
        liens: await liensOf(tx, application.uuid),
      }));
    },
  );

  app.post(
    `${BASE}/liens/confirm`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Confirm the liens found on the property; starts underwriting and pricing',
        description:
          'Optional body: corrected balances of found liens (the corrected ones then count as the ' +
          'borrower’s), and the attestation about recent credit inquiries when the status asks for one.',
        params,
        body: ZConfirmLiensBody.nullish(),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const { corrections = [], inquiryAttestation = false } = request.body ?? {};
      return onOwnApplication(app.db, request, async (tx, application) => {
        if (await alreadyDone(tx, application, 'CONFIRM_LIENS', ['LIEN_VERIFICATION']))
          return result(application);
        const attestNeeded =
          application.statusFlags.inquiryAttestNeeded === true &&
          application.statusFlags.inquiryAttestComplete !== true;
        if (attestNeeded && !inquiryAttestation) {
          throw new AppError('BAD_REQUEST', 'Please confirm the recent credit inquiries');
        }
        const found = new Set((await liensOf(tx, application.uuid)).map((lien) => lien.uuid));
        const unknown = corrections.find((each) => !found.has(each.uuid.toLowerCase()));
        if (unknown) throw new AppError('BAD_REQUEST', 'Not one of the liens found');
        // Order matters: the transition (which throws 409 out of order) before the lien writes.
        const moved = await moveApplication(tx, clock, application, 'CONFIRM_LIENS', {
          actor: borrower(identityUuid),
          data: { corrections: corrections.length },
          flags: { liensComplete: true, ...(attestNeeded && { inquiryAttestComplete: true }) },
          next: { kind: JOB_KINDS.underwritingPrice, payload: {} },
        });
        for (const correction of corrections) {
          await tx
            .update(schema.applicationLiens)
            .set({ balanceCents: correction.balanceCents, source: 'BORROWER' })
            .where(
              and(
                eq(schema.applicationLiens.applicationUuid, application.uuid),
                eq(schema.applicationLiens.uuid, correction.uuid.toLowerCase()),
              ),
            );
        }
        await tx
          .update(schema.applicationLiens)
          .set({ confirmed: true })
          .where(eq(schema.applicationLiens.applicationUuid, application.uuid));
        return result(moved);
      });
    },
  );

  app.get(
    `${BASE}/offers`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The priced offers: term, rate, fee, APR and monthly payment for the maximum line',
        params,
        response: { 200: ZOffersResponse, ...errors },
      },
    },
    async (request) => {
      return onOwnApplication(app.db, request, async (tx, application) => {
        const rows = await offersOf(tx, application.uuid);
        if (rows.length === 0) {
          throw new AppError('CONFLICT', `No offers while the application is at ${application.step}`, {
            step: application.step,
          });
        }
        return {
          ...result(application),
          maxLineCents: rows[0]!.maxLineCents,
          minLineCents: pricingOf(application).minLineCents,
          selectedAmountCents: application.amountCents,
          offers: rows.map((row) => {
            const figures = offerFigures(row.maxLineCents, row);
            return {
              uuid: row.uuid,
              termYears: row.termYears,
              rateBps: row.rateBps,
              originationFeeBps: row.originationFeeBps,
              originationFeeCents: figures.feeCents,
              aprBps: figures.aprBps,
              monthlyPaymentCents: figures.monthlyPaymentCents,
              selected: row.selected,
            };
          }),
        };
      });
    },
  );

  app.post(
    `${BASE}/offer`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Select an offer and the amount to draw (from the minimum line up to the maximum line)',
        params,
        body: ZOfferChoice,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const offerUuid = request.body.offerUuid.toLowerCase();
      const { amountCents } = request.body;
      return onOwnApplication(app.db, request, async (tx, application) => {
        if (
          await alreadyDone(
            tx,
            application,
            'SELECT_OFFER',
            ['OFFER_SELECTION'],
            (data) => data.offerUuid === offerUuid && data.amountCents === amountCents,
          )
        ) {
          return result(application);
        }
        const offer = (await offersOf(tx, application.uuid)).find((row) => row.uuid === offerUuid);
        if (application.step === 'OFFER_SELECTION') {
          if (!offer) throw new AppError('NOT_FOUND', 'Offer not found');
          const { minLineCents } = pricingOf(application);
          if (amountCents < minLineCents || amountCents > offer.maxLineCents) {
            throw new AppError('BAD_REQUEST', 'The amount must be between the minimum and the maximum line', {
              minLineCents,
              maxLineCents: offer.maxLineCents,
            });
          }
        }
        const moved = await moveApplication(tx, clock, application, 'SELECT_OFFER', {
          actor: borrower(identityUuid),
          data: { offerUuid, amountCents },
        });
        await tx
          .update(schema.applicationOffers)
          .set({ selected: false })
          .where(eq(schema.applicationOffers.applicationUuid, application.uuid));
        await tx
          .update(schema.applicationOffers)
          .set({ selected: true })
          .where(eq(schema.applicationOffers.uuid, offerUuid));
        await tx
          .update(schema.helocApplications)
          .set({
            termYears: offer!.termYears,
            rateBps: offer!.rateBps,
            originationFeeBps: offer!.originationFeeBps,
            amountCents,
          })
          .where(eq(schema.helocApplications.uuid, application.uuid));
        return result(moved);
      });
    },
  );

  app.post(
    `${BASE}/cancel`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Withdraw the application (from any step that is not final)',
        params,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      return onOwnApplication(app.db, request, async (tx, application) => {
        if (application.step === 'CANCELLED') return result(application);
        return result(
          await moveApplication(tx, clock, application, 'CANCEL', { actor: borrower(identityUuid) }),
        );
      });
    },
  );

  function pricingOf(application: ApplicationRow) {
    return mergePricing(app.orgs.byOrgCode(application.orgCode)?.orgPricingData ?? []);
  }
};

async function offersOf(db: Executor, applicationUuid: string) {
  return db
    .select()
    .from(schema.applicationOffers)
    .where(eq(schema.applicationOffers.applicationUuid, applicationUuid))
    .orderBy(schema.applicationOffers.termYears, schema.applicationOffers.originationFeeBps);
}

async function liensOf(db: Executor, applicationUuid: string) {
  const rows = await db
    .select()
    .from(schema.applicationLiens)
    .where(eq(schema.applicationLiens.applicationUuid, applicationUuid))
    .orderBy(schema.applicationLiens.position);
  return rows.map((row) => ({
    uuid: row.uuid,
    position: row.position,
    lenderName: row.lenderName,
    balanceCents: row.balanceCents,
    monthlyPaymentCents: row.monthlyPaymentCents,
    source: row.source === 'BORROWER' ? ('BORROWER' as const) : ('PROVIDER' as const),
  }));
}

async function candidatesOf(db: Executor, applicationUuid: string): Promise<PropertyCandidate[]> {
  const [row] = await db
    .select({ data: schema.applicationEvents.data })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        eq(schema.applicationEvents.action, 'PROPERTY_MULTIPLE'),
      ),
    )
    .orderBy(desc(schema.applicationEvents.id))
    .limit(1);
  const candidates = row?.data.candidates;
  return Array.isArray(candidates) ? (candidates as PropertyCandidate[]) : [];
}
