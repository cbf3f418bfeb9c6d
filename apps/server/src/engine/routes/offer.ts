/** The priced offers, the borrower's choice of offer and amount, and withdrawing the application. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, mergePricing, offerFigures, ZActionResult, ZOffersResponse } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import type { ApplicationRow } from '../../workflow/step-machine';
import { moveApplication } from '../store';
import { listOffers, selectOffer } from '../repository';
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

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

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
        const rows = await listOffers(tx, application.uuid);
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
        body: ENGINE_WRITES['offer'],
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
            stepsAllowing('SELECT_OFFER'),
            (data) => data.offerUuid === offerUuid && data.amountCents === amountCents,
          )
        ) {
          return result(application);
        }
        const offer = (await listOffers(tx, application.uuid)).find((row) => row.uuid === offerUuid);
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
        await selectOffer(tx, application.uuid, offer!, amountCents);
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
