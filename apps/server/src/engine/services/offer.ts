/** The priced offers, the borrower's choice of offer and amount, and withdrawing the application. */
import { offerFigures, type TActionResult } from '@heloc/domain';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import type { ApplicationRow } from '../../workflow/step-machine';
import { moveApplication } from '../store';
import { listOffers, selectOffer } from '../repository';
import { actionResult as result, alreadyDone, borrowerActor as borrower } from '../route-helpers';
import type { EngineDeps } from './deps';
import type { ParsedBody } from './parsed-body';
import { pricingOf } from './pricing';

/** The priced offers for the maximum line; 409 while none are priced. */
export async function getOffers(
  tx: Executor,
  deps: Pick<EngineDeps, 'orgs'>,
  { application }: { application: ApplicationRow },
) {
  const rows = await listOffers(tx, application.uuid);
  if (rows.length === 0) {
    throw new AppError('CONFLICT', `No offers while the application is at ${application.step}`, {
      step: application.step,
    });
  }
  return {
    ...result(application),
    maxLineCents: rows[0]!.maxLineCents,
    minLineCents: pricingOf(deps, application).minLineCents,
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
}

/** Selects an offer and the amount to draw (from the minimum line up to the offer's maximum). */
export async function chooseOffer(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'orgs'>,
  {
    application,
    identityUuid,
    body,
  }: { application: ApplicationRow; identityUuid: string; body: ParsedBody<'offer'> },
): Promise<TActionResult> {
  const offerUuid = body.offerUuid.toLowerCase();
  const { amountCents } = body;
  if (
    await alreadyDone(
      tx,
      application,
      'SELECT_OFFER',
      (data) => data.offerUuid === offerUuid && data.amountCents === amountCents,
    )
  ) {
    return result(application);
  }
  const offer = (await listOffers(tx, application.uuid)).find((row) => row.uuid === offerUuid);
  // Only at the offer step: elsewhere the transition below answers 409 first.
  if (application.step === 'OFFER_SELECTION') {
    if (!offer) throw new AppError('NOT_FOUND', 'Offer not found');
    const { minLineCents } = pricingOf(deps, application);
    if (amountCents < minLineCents || amountCents > offer.maxLineCents) {
      throw new AppError('BAD_REQUEST', 'The amount must be between the minimum and the maximum line', {
        minLineCents,
        maxLineCents: offer.maxLineCents,
      });
    }
  }
  const moved = await moveApplication(tx, deps.clock, application, 'SELECT_OFFER', {
    actor: borrower(identityUuid),
    data: { offerUuid, amountCents },
  });
  await selectOffer(tx, application.uuid, offer!, amountCents);
  return result(moved);
}

/** Withdraws the application (from any step that is not final); a repeat answers CANCELLED. */
export async function cancelApplication(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid }: { application: ApplicationRow; identityUuid: string },
): Promise<TActionResult> {
  if (application.step === 'CANCELLED') return result(application);
  return result(await moveApplication(tx, clock, application, 'CANCEL', { actor: borrower(identityUuid) }));
}
