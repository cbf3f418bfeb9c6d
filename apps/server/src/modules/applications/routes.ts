/**
 * The borrower's applications (spec 2 §7): the list, one application, and a new one. Every read
 * is scoped to the caller: another borrower's id answers 404, a malformed id 400.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZApiErrorBody, ZApplicationStep, ZHelocApplicationView, ZUuid } from '@heloc/domain';
import { findIdentity } from '../identity/repository';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { listAddresses } from '../profile/repository';
import {
  findOwnApplication,
  insertApplication,
  listOwnApplications,
  recordsOf,
  stepEndedFrom,
} from './repository';
import { toApplicationView } from './view';
import { coDeedViews } from '../co-deed/store';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 404: ZApiErrorBody };
const BASE = '/service-application/api/v1/application/heloc';

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/all`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The signed-in borrower’s applications, newest first',
        response: { 200: z.array(ZHelocApplicationView), ...errors },
      },
    },
    async (request) => {
      const found = await listOwnApplications(app.db, authOf(request).identityUuid);
      const records = await recordsOf(
        app.db,
        found.map((each) => each.application.uuid),
      );
      const coDeed = await coDeedViews(
        app.db,
        found.map((each) => each.application),
      );
      return found.map((each) =>
        toApplicationView(each, records.get(each.application.uuid), coDeed.get(each.application.uuid)),
      );
    },
  );

  app.get(
    `${BASE}/:uuid`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'One of the signed-in borrower’s applications',
        params: z.object({ uuid: ZUuid }),
        response: { 200: ZHelocApplicationView, ...errors },
      },
    },
    async (request) => {
      const found = await findOwnApplication(
        app.db,
        authOf(request).identityUuid,
        request.params.uuid.toLowerCase(),
      );
      if (!found) throw new AppError('NOT_FOUND', 'Application not found');
      const records = await recordsOf(app.db, [found.application.uuid]);
      const coDeed = await coDeedViews(app.db, [found.application]);
      const view = toApplicationView(
        found,
        records.get(found.application.uuid),
        coDeed.get(found.application.uuid),
      );
      const { step } = found.application;
      if (step !== 'DECLINED' && step !== 'CANCELLED') return view;
      const endedFrom = ZApplicationStep.safeParse(await stepEndedFrom(app.db, found.application.uuid, step));
      return { ...view, endedFromStep: endedFrom.success ? endedFrom.data : null };
    },
  );

  app.post(
    BASE,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Start a new application for one of the borrower’s properties',
        description:
          'Without `propertyUuid`, the property of the borrower’s first address. The organisation is the one the borrower registered with.',
        body: API_WRITES['POST /service-application/api/v1/application/heloc'],
        response: { 201: ZHelocApplicationView, ...errors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const addresses = await listAddresses(app.db, auth.identityUuid);
      const wanted = request.body.propertyUuid?.toLowerCase();
      const property = wanted ? addresses.find((address) => address.uuid === wanted) : addresses[0];
      if (wanted && !property) throw new AppError('NOT_FOUND', 'Property not found');
      const identity = await findIdentity(app.db, auth.identityUuid);
      if (!identity) throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
      const created = await insertApplication(app.db, app.clock, {
        identityUuid: auth.identityUuid,
        orgCode: identity.organizationCode,
        selectedPropertyUuid: property?.uuid ?? null,
      });
      const found = await findOwnApplication(app.db, auth.identityUuid, created.uuid);
      return reply.status(201).send(toApplicationView(found!));
    },
  );
};
