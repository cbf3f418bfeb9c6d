/** What the submission segment's job handlers share: their dependencies and context, and the facts several of them read. */
import { and, eq } from 'drizzle-orm';
import { type TOrgData } from '@heloc/domain';
import type { Executor } from '../../../db';
import { schema } from '../../../db';
import { type ApplicationRow } from '../../../workflow/step-machine';
import type { EngineDeps } from '../../jobs';
import { latestTransitionData, moveApplication } from '../../store';
import type { FileStorage } from '../../../storage';
import type { FieldSealer } from '../../../lib/sealed';
import type { SubmissionAction } from '../steps';
import { jobSettlement, type Settle, type DeadLetterHandler } from '../../job-settle';

export type SubmissionDeps = EngineDeps & { storage: FileStorage; sealer: FieldSealer };

export const PROVIDER = { type: 'PROVIDER' } as const;
export const SYSTEM = { type: 'SYSTEM' } as const;

/** Bureau findings that decline on their own, worded as Regulation B reasons. */
export const CREDIT_INDICATOR_REASON_TEXT: Record<string, string> = {
  BANKRUPTCY: 'Bankruptcy',
  FORECLOSURE: 'Foreclosure or repossession',
  OFAC_MATCH: 'Unable to verify identity',
  MORTGAGE_DELINQUENCY: 'Delinquent past or present credit obligations with others',
};

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

export function orgOf(deps: SubmissionDeps, application: ApplicationRow): TOrgData {
  const org = deps.orgs.byOrgCode(application.orgCode);
  if (!org) throw new Error(`unknown organisation ${application.orgCode}`);
  return org;
}

export async function selectedOfferOf(db: Executor, applicationUuid: string) {
  const [offer] = await db
    .select()
    .from(schema.applicationOffers)
    .where(
      and(
        eq(schema.applicationOffers.applicationUuid, applicationUuid),
        eq(schema.applicationOffers.selected, true),
      ),
    );
  return offer ?? null;
}

/** The latest underwriting facts (value, CLTV…) recorded with the offers or the asset depletion. */
export async function underwritingFacts(db: Executor, applicationUuid: string) {
  const offers = await latestTransitionData(db, applicationUuid, 'OFFERS_READY');
  const assets = await latestTransitionData(db, applicationUuid, 'SUBMIT_ASSETS');
  const facts = assets ?? offers;
  if (!facts || typeof facts.valueCents !== 'number') throw new Error('no underwriting facts');
  return {
    valueCents: facts.valueCents,
    eligibleAssetsCents: typeof assets?.eligibleAssetsCents === 'number' ? assets.eligibleAssetsCents : 0,
  };
}

/** What every submission handler gets: the dependencies, `settle` and the dead-letter move. */
export type SubmissionJobContext = {
  deps: SubmissionDeps;
  clock: SubmissionDeps['clock'];
  providers: SubmissionDeps['providers'];
  storage: FileStorage;
  settle: Settle;
  onDeadTo: (waitingStep: string, action: SubmissionAction) => DeadLetterHandler;
};

export function submissionJobContext(deps: SubmissionDeps): SubmissionJobContext {
  const { settle, onDeadTo } = jobSettlement<SubmissionAction>(deps.db, {
    move: (tx, application, action, how) => moveApplication(tx, deps.clock, application, action, how),
    deadReason: 'job did not finish',
  });
  return { deps, clock: deps.clock, providers: deps.providers, storage: deps.storage, settle, onDeadTo };
}
