/** The property and its liens: choosing among several properties of record, the liens found and their confirmation. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZActionResult, ZLiensResponse, ZPropertiesResponse } from '@heloc/domain';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../route-helpers';
import { chooseProperty, confirmFoundLiens, getLiens, getProperties } from '../services/property';

export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) =>
      onOwnApplication(app.db, request, (tx, application) => getProperties(tx, app, { application })),
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
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        chooseProperty(tx, app, { application, identityUuid, body: request.body }),
      ),
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
    async (request) =>
      onOwnApplication(app.db, request, (tx, application) => getLiens(tx, app, { application })),
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
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        confirmFoundLiens(tx, app, { application, identityUuid, body: request.body }),
      ),
  );
};
