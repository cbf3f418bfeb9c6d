/** The priced offers, the borrower's choice of offer and amount, and withdrawing the application. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZActionResult, ZOffersResponse } from '@heloc/domain';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../route-helpers';
import { cancelApplication, chooseOffer, getOffers } from '../services/offer';

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) =>
      onOwnApplication(app.db, request, (tx, application) => getOffers(tx, app, { application })),
  );

  app.post(
    `${BASE}/offer`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Select an offer and the amount to draw (from the minimum line up to the maximum line)',
        params,
        body: ENGINE_WRITES['offer'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        chooseOffer(tx, app, { application, identityUuid, body: request.body }),
      ),
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
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        cancelApplication(tx, app, { application, identityUuid }),
      ),
  );
};
