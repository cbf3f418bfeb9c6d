/** Asset depletion (income from assets) and the CLTV requalification at a lower amount, as services. */
import {
  ASSET_DEPLETION_MONTHS,
  combinedLtvBps,
  dtiWithAssetsBps,
  eligibleAssetsCents,
  priceOffers,
  type TActionResult,
  type TApplicationStatus,
  type TRequalifyCause,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import type { ApplicationRow } from '../../../workflow/step-machine';
import type { EngineAction } from '../../steps';
import {
  actionResult as result,
  alreadyDone,
  borrowerActor as borrower,
  outOfOrder,
} from '../../route-helpers';
import { latestTransitionData, moveApplication } from '../../store';
import { CLOSING_JOBS, queueAfterLatestEvent } from '../../closing/store';
import { SUBMISSION_JOB_KINDS } from '../job-kinds';
import { replaceOffers } from '../../repository';
import { latestEntryInto, updateApplication } from '../repository';
import type { EngineDeps, OwnApplication as Own } from '../../services/deps';
import type { ParsedBody } from '../../services/parsed-body';
import { pricingOf } from '../../services/pricing';

/** Why assets are asked for: the debt-to-income on the stated income and the cap; 409 before then. */
export async function getAssetDepletion(
  tx: Executor,
  deps: Pick<EngineDeps, 'orgs'>,
  { application }: { application: ApplicationRow },
) {
  const facts = await latestTransitionData(tx, application.uuid, 'ASSETS_NEEDED');
  if (!facts) throw outOfOrder(application, 'Asset depletion');
  return {
    ...result(application),
    dtiBps: typeof facts.dtiBps === 'number' ? facts.dtiBps : 0,
    dtiCapBps: pricingOf(deps, application).dtiCapBps,
    depletionMonths: ASSET_DEPLETION_MONTHS,
    complete: application.assetDepletionComplete,
  };
}

/** Qualifies on asset-depletion income and prices the offers, or declines above the DTI cap. */
export async function declareAssets(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'orgs'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'asset-depletion'> },
): Promise<TActionResult> {
  const { clock } = deps;
  if (application.assetDepletionComplete && application.step !== 'ASSETS_PREQUAL') return result(application);
  const facts = await latestTransitionData(tx, application.uuid, 'ASSETS_NEEDED');
  if (application.step !== 'ASSETS_PREQUAL' || !facts) throw outOfOrder(application, 'Asset depletion');
  const pricing = pricingOf(deps, application);
  const eligible = eligibleAssetsCents(body.assets);
  const dtiBps = dtiWithAssetsBps({
    monthlyDebtCents: Number(facts.monthlyDebtCents),
    statedAnnualIncomeCents: Number(
      facts.qualifyingAnnualIncomeCents ?? application.statedAnnualIncomeCents ?? 0,
    ),
    eligibleAssetsCents: eligible,
  });
  const data = {
    // Balances are financial data but not identifiers; the trail keeps what was relied on.
    assets: body.assets,
    eligibleAssetsCents: eligible,
    qualifyingAnnualIncomeCents: facts.qualifyingAnnualIncomeCents,
    dtiBps: Number.isFinite(dtiBps) ? dtiBps : null,
    valueCents: facts.valueCents,
    existingLiensCents: facts.existingLiensCents,
    maxLineCents: facts.maxLineCents,
    cltvBps: facts.cltvBps,
    score: facts.score,
  };
  await updateApplication(tx, application.uuid, { assetDepletionComplete: true });
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
  await replaceOffers(tx, application.uuid, offers);
  await updateApplication(tx, application.uuid, {
    uwCalculatedDrawAmountCents: lineCents,
    adjustedHomeAmountCents: Number(facts.valueCents),
  });
  const moved = await moveApplication(tx, clock, application, 'SUBMIT_ASSETS', {
    actor: borrower(identityUuid),
    data: { ...data, offers: offers.length },
    flags: { uwDecision: 'APPROVED', uwSubDecision: 'UNVERIFIED_DTI_LIMITED' },
  });
  return result(moved);
}

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
  const entry = await latestEntryInto(tx, applicationUuid, 'CLTV_REQUALIFY');
  if (!entry) return null;
  // Entries recorded before phases were (the hard pull's) are the submission's.
  const phase = entry.phase === 'CLOSING' ? 'CLOSING' : 'SUBMISSION';
  return {
    ...REQUALIFY_PHASES[phase],
    previousAmountCents: Number(entry.previousAmountCents),
    maxLineCents: Number(entry.maxLineCents),
  };
}

/** The lower line the CLTV cap allows after the hard pull or the valuation report; 409 when none is open. */
export async function getRequalification(
  tx: Executor,
  deps: Pick<EngineDeps, 'orgs'>,
  { application }: { application: ApplicationRow },
) {
  const requalify = await requalification(tx, application.uuid);
  if (!requalify) throw outOfOrder(application, 'Requalification');
  return {
    ...result(application),
    cause: requalify.cause,
    previousAmountCents: requalify.previousAmountCents,
    maxLineCents: requalify.maxLineCents,
    minLineCents: pricingOf(deps, application).minLineCents,
    termYears: application.termYears,
    rateBps: application.rateBps,
  };
}

/** Accepts the line at a lower amount (within the new maximum); the submission or the closing goes on. */
export async function acceptRequalification(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'orgs'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'requalify'> },
): Promise<TActionResult> {
  const { clock } = deps;
  const requalify = await requalification(tx, application.uuid);
  const accept = requalify?.accept ?? REQUALIFY_PHASES.SUBMISSION.accept;
  if (await alreadyDone(tx, application, accept)) return result(application);
  const { amountCents } = body;
  if (application.step === 'CLTV_REQUALIFY' && requalify) {
    const { minLineCents } = pricingOf(deps, application);
    const { maxLineCents } = requalify;
    if (amountCents < minLineCents || amountCents > maxLineCents) {
      throw new AppError('BAD_REQUEST', 'The amount must be between the minimum and the new maximum line', {
        minLineCents,
        maxLineCents,
      });
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
  await updateApplication(tx, application.uuid, { amountCents });
  return result(moved);
}
