/**
 * Every status the submission segment can answer lands the browser on its screen through the domain's
 * routing (the routing table, then the client machine), with the records and flags the segment keeps
 * at that point.
 */
import { describe, expect, it } from 'vitest';
import { isWaitingStatus, type TApplicationStatus, type THelocApplication } from '@heloc/domain';
import { landingScreen, stepApplication, stepProfile } from '../../test/steps';
import { findTransition } from '../../workflow/step-machine';
import { ENGINE_STEP_TABLE } from '../steps';
import { SUBMISSION_TRANSITIONS, type SubmissionAction } from './steps';

/** After the offer and the more-info answers: term, rate, amount, both consents, HMDA. */
const APPLICATION = stepApplication({
  term: 10,
  rate: 900,
  amount: 100_000_00,
  uwCalculatedDrawAmount: 302_500_00,
  adjustedHomeAmount: 650_000_00,
  consents: [{ type: 'SOFT_CREDIT' }, { type: 'HARD_CREDIT' }],
  hasHmda: true,
});
const PROFILE = stepProfile({ ownership: 'SOLE', hasSsn: true });

const OFFERED: Partial<TApplicationStatus> = { liensComplete: true, uwDecision: 'APPROVED' };

const EXPECTED: Record<
  Exclude<SubmissionAction, 'SAVE_CONTACT'>,
  | { destination: string; flags?: Partial<TApplicationStatus>; application?: Partial<THelocApplication> }
  | 'waiting'
> = {
  ASSETS_NEEDED: {
    destination: 'product/assets',
    flags: { liensComplete: true, uwDecision: 'ASSET_DEPLETION', uwSubDecision: 'UNVERIFIED_DTI_LIMITED' },
    application: { term: 0, rate: 0, amount: 0 },
  },
  SUBMIT_ASSETS: {
    destination: 'product/select',
    flags: { ...OFFERED, uwSubDecision: 'UNVERIFIED_DTI_LIMITED' },
    application: { term: 0, rate: 0, amount: 0, assetDepletion: { complete: true } },
  },
  ASSETS_INSUFFICIENT: { destination: 'error/income', flags: { uwDecision: 'DECLINE', dtiDecline: true } },
  SUBMIT_ADDITIONAL_PROFILE: { destination: 'start/hmda', flags: OFFERED },
  SUBMIT_HMDA: 'waiting',
  SUMMARY_READY: {
    destination: 'start/app-summary',
    flags: { ...OFFERED, disclosurelistSummaryReady: true },
  },
  SUMMARY_FAILED: { destination: 'error/timeout', flags: OFFERED },
  // No routing row: the client machine keeps the borrower on the summary while the bureau answers.
  SUBMIT_APPLICATION: {
    destination: 'start/app-summary',
    flags: { ...OFFERED, disclosurelistSummaryReady: true },
  },
  HARD_PULL_PASSED: {
    destination: 'start/app-summary',
    flags: { ...OFFERED, disclosurelistSummaryReady: true, disclosurelistSummaryComplete: true },
  },
  HARD_PULL_DECLINED: {
    destination: 'error/credit',
    flags: { uwDecision: 'DECLINE', creditScoreDecline: true },
  },
  HARD_PULL_CLTV_LIMITED: { destination: 'product/prequal-winback', flags: OFFERED },
  HARD_PULL_UNANSWERED: { destination: 'error/timeout', flags: OFFERED },
  HARD_PULL_TIMEOUT: { destination: 'error/timeout', flags: OFFERED },
  ACCEPT_REQUALIFY: { destination: 'start/app-summary', flags: OFFERED },
  APPLICATION_SUBMITTED: {
    destination: 'income/review',
    flags: { ...OFFERED, disclosurelistSummaryReady: true, disclosurelistSummaryComplete: true },
  },
  SUBMISSION_TIMEOUT: { destination: 'error/timeout', flags: OFFERED },
};

describe('the submission step table', () => {
  it.each(SUBMISSION_TRANSITIONS.map((transition) => [transition.action, transition.to] as const))(
    '%s → %s lands on its screen',
    (action, to) => {
      const expected = EXPECTED[action as keyof typeof EXPECTED];
      if (expected === 'waiting') {
        expect(isWaitingStatus(to)).toBe(true);
        return;
      }
      expect(isWaitingStatus(to)).toBe(false);
      const destination = landingScreen(
        to,
        { ...APPLICATION, ...expected.application },
        PROFILE,
        expected.flags,
      );
      expect(destination).toBe(expected.destination);
    },
  );

  it('is part of the engine table and refuses steps out of order', () => {
    expect(
      findTransition(ENGINE_STEP_TABLE, 'COLLECT_ADDITIONAL_INFO', 'SUBMIT_ADDITIONAL_PROFILE')?.to,
    ).toBe('HMDA');
    expect(findTransition(ENGINE_STEP_TABLE, 'COLLECT_ADDITIONAL_INFO', 'SUBMIT_HMDA')).toBeNull();
    expect(findTransition(ENGINE_STEP_TABLE, 'HMDA', 'SUBMIT_APPLICATION')).toBeNull();
    expect(findTransition(ENGINE_STEP_TABLE, 'SUMMARY', 'CANCEL')?.to).toBe('CANCELLED');
    expect(findTransition(ENGINE_STEP_TABLE, 'DECLINED', 'SUBMIT_ASSETS')).toBeNull();
  });
});
