/** Asset depletion (income from assets) and the CLTV requalification at a lower amount. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZAssetDepletionView, ZCltvRequalifyView, ZActionResult } from '@heloc/domain';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../../route-helpers';
import {
  acceptRequalification,
  declareAssets,
  getAssetDepletion,
  getRequalification,
} from '../services/assets';

export const assetsRequalifyRoutes: FastifyPluginAsyncZod = async (app) => {
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
      onOwnApplication(app.db, request, (tx, application) => getAssetDepletion(tx, app, { application })),
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
        body: ENGINE_WRITES['asset-depletion'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        declareAssets(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

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
      onOwnApplication(app.db, request, (tx, application) => getRequalification(tx, app, { application })),
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
        body: ENGINE_WRITES['requalify'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        acceptRequalification(tx, app, { application, identityUuid, body: request.body }),
      ),
  );
};
