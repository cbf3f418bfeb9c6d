/** Basic info and the soft pull: the profile step, the SSN after no match, the freeze PIN, a retry after a lifted freeze. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, SOFT_CREDIT_DISCLOSURE_VERSION, ZActionResult } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { JOB_KINDS, moveApplication, recordConsent } from '../store';
import { findOwnAddressUuid, hasConsent, setSelectedProperty, updateProfileNameAndDob } from '../repository';
import {
  actionResult as result,
  alreadyDone,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
} from '../route-helpers';
import { sealFreezePin, sealSsn } from '../submission/secrets';
import { stepsAllowing } from '../steps';

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  app.post(
    `${BASE}/profile`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Basic info: name, birth date, property and the soft-credit consent; starts the soft pull',
        params,
        body: ENGINE_WRITES['profile'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const { name, dob, propertyUuid } = request.body;
      return onOwnApplication(app.db, request, async (tx, application) => {
        const consented = await hasConsent(tx, application.uuid, 'SOFT_CREDIT');
        if (consented && application.step !== 'IN_PROGRESS') return result(application);

        const wanted = propertyUuid?.toLowerCase() ?? application.selectedPropertyUuid;
        if (!wanted) throw new AppError('BAD_REQUEST', 'A property is required');
        const ownPropertyUuid = await findOwnAddressUuid(tx, identityUuid, wanted);
        if (!ownPropertyUuid) throw new AppError('NOT_FOUND', 'Property not found');

        // Order matters: an out-of-order request must change nothing, so the transition (which
        // throws 409) comes before the profile and consent writes of the same transaction.
        const moved = await moveApplication(tx, clock, application, 'SUBMIT_PROFILE', {
          actor: borrower(identityUuid),
          data: { propertyUuid: ownPropertyUuid },
          // A new attempt starts clean: a datatree miss or a freeze belongs to the previous one.
          flags: { datatreeNoMatch: false, creditFrozenWithPin: false },
          next: { kind: JOB_KINDS.creditSoftPull, payload: {} },
        });
        await updateProfileNameAndDob(tx, identityUuid, { name, dob });
        await setSelectedProperty(tx, application.uuid, ownPropertyUuid);
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
        body: ENGINE_WRITES['ssn'],
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
            stepsAllowing('SUBMIT_SSN'),
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
        body: ENGINE_WRITES['credit-pin'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      return onOwnApplication(app.db, request, async (tx, application) => {
        // A wrong PIN lands on CREDIT_FROZEN_PIN again, where a new PIN is a new attempt.
        if (await alreadyDone(tx, application, 'SUBMIT_PIN', stepsAllowing('SUBMIT_PIN')))
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
        if (await alreadyDone(tx, application, 'RETRY_CREDIT', stepsAllowing('RETRY_CREDIT')))
          return result(application);
        const moved = await moveApplication(tx, clock, application, 'RETRY_CREDIT', {
          actor: borrower(identityUuid),
          next: { kind: JOB_KINDS.creditSoftPull, payload: {} },
        });
        return result(moved);
      });
    },
  );
};
