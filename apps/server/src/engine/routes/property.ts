/** The property and its liens: choosing among several properties of record, the liens found and their confirmation. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZActionResult, ZLiensResponse, ZPropertiesResponse } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { JOB_KINDS, moveApplication } from '../store';
import {
  confirmLiens,
  insertAddress,
  listLiens,
  listPropertyCandidates,
  setSelectedProperty,
} from '../repository';
import {
  actionResult as result,
  alreadyDone,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
} from '../route-helpers';
import { stepsAllowing } from '../steps';

export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

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
        properties: await listPropertyCandidates(tx, application.uuid),
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
        body: ENGINE_WRITES['property'],
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
            stepsAllowing('CHOOSE_PROPERTY'),
            (data) => data.propertyId === propertyId,
          )
        ) {
          return result(application);
        }
        const candidate = (await listPropertyCandidates(tx, application.uuid)).find(
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
        const addressUuid = await insertAddress(tx, identityUuid, candidate!);
        await setSelectedProperty(tx, application.uuid, addressUuid);
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
        liens: await listLiens(tx, application.uuid),
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
        body: ENGINE_WRITES['liens/confirm'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const { corrections = [], inquiryAttestation = false } = request.body ?? {};
      return onOwnApplication(app.db, request, async (tx, application) => {
        if (await alreadyDone(tx, application, 'CONFIRM_LIENS', stepsAllowing('CONFIRM_LIENS')))
          return result(application);
        const attestNeeded =
          application.statusFlags.inquiryAttestNeeded === true &&
          application.statusFlags.inquiryAttestComplete !== true;
        if (attestNeeded && !inquiryAttestation) {
          throw new AppError('BAD_REQUEST', 'Please confirm the recent credit inquiries');
        }
        const found = new Set((await listLiens(tx, application.uuid)).map((lien) => lien.uuid));
        const unknown = corrections.find((each) => !found.has(each.uuid.toLowerCase()));
        if (unknown) throw new AppError('BAD_REQUEST', 'Not one of the liens found');
        // Order matters: the transition (which throws 409 out of order) before the lien writes.
        const moved = await moveApplication(tx, clock, application, 'CONFIRM_LIENS', {
          actor: borrower(identityUuid),
          data: { corrections: corrections.length },
          flags: { liensComplete: true, ...(attestNeeded && { inquiryAttestComplete: true }) },
          next: { kind: JOB_KINDS.underwritingPrice, payload: {} },
        });
        await confirmLiens(tx, application.uuid, corrections);
        return result(moved);
      });
    },
  );
};
