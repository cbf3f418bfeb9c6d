/**
 * The closing step table: every step it names is a domain status, and the valuation report's outcomes
 * at closing (Texas) land the browser on their screens through the domain's routing, with the flags the
 * BPO job sets.
 */
import { describe, expect, it } from 'vitest';
import { APPLICATION_STEPS, isWaitingStatus, type TApplicationStatus } from '@heloc/domain';
import { landingScreen, stepApplication, stepProfile } from '../../test/steps';
import { findTransition } from '../../workflow/step-machine';
import { ENGINE_STEP_TABLE } from '../steps';
import { CLOSING_ACTIONS, CLOSING_TRANSITIONS, type ClosingAction } from './steps';

/** A submitted Texas application with its identity checked (what the BPO order follows). */
const APPLICATION = stepApplication(
  {
    term: 10,
    rate: 975,
    amount: 100_000_00,
    uwCalculatedDrawAmount: 270_000_00,
    adjustedHomeAmount: 650_000_00,
    consents: [{ type: 'SOFT_CREDIT' }, { type: 'HARD_CREDIT' }],
    hasHmda: true,
  },
  'TX',
);
const PROFILE = stepProfile({ ownership: 'SOLE', hasSsn: true, home: 'TX' });

const SUBMITTED: Partial<TApplicationStatus> = {
  liensComplete: true,
  uwDecision: 'APPROVED',
  disclosurelistSummaryReady: true,
  disclosurelistSummaryComplete: true,
  uwSubDecision: 'VERIFIED_INCOME_MATCHED_OFFER',
  giactAccountStatus: 'VERIFIED',
};
const REPORTED: Partial<TApplicationStatus> = { ...SUBMITTED, bpoStatus: 'COMPLETE', condition: 'GOOD' };

/** The valuation order's transitions at closing: a screen, or a waiting status the browser polls. */
const EXPECTED: Partial<
  Record<ClosingAction, { destination: string; flags: Partial<TApplicationStatus> } | 'waiting'>
> = {
  ID_VERIFIED_VALUATION_REQUIRED: {
    destination: 'bpo/condition',
    flags: { ...SUBMITTED, bpoStatus: 'ORDER_REQUIRED' },
  },
  ORDER_BPO: { destination: 'bpo/hold', flags: { ...SUBMITTED, bpoStatus: 'ORDERED' } },
  BPO_COMPLETED: 'waiting',
  BPO_CLTV_LIMITED: { destination: 'product/prequal-winback', flags: REPORTED },
  ACCEPT_REQUALIFY_CLOSING: 'waiting',
  BPO_DECLINED: {
    destination: 'error/decline',
    flags: {
      ...REPORTED,
      condition: 'POOR',
      uwDecision: 'DECLINE',
      creditScoreDecline: false,
      dtiDecline: false,
    },
  },
};

describe('the closing step table', () => {
  it('names only domain status names, and each action once', () => {
    const steps: readonly string[] = APPLICATION_STEPS;
    for (const transition of CLOSING_TRANSITIONS) {
      expect(steps).toContain(transition.to);
      for (const from of transition.from) expect(steps).toContain(from);
    }
    expect(new Set(CLOSING_TRANSITIONS.map((each) => each.action)).size).toBe(CLOSING_ACTIONS.length);
  });

  it.each(Object.entries(EXPECTED))('%s lands on its screen', (action, expected) => {
    const transition = CLOSING_TRANSITIONS.find((each) => each.action === action)!;
    if (expected === 'waiting') {
      expect(isWaitingStatus(transition.to)).toBe(true);
      return;
    }
    expect(isWaitingStatus(transition.to)).toBe(false);
    expect(landingScreen(transition.to, APPLICATION, PROFILE, expected.flags)).toBe(expected.destination);
  });

  it('accepts a requalification with the action of its phase, and nothing out of order', () => {
    // The same step, two ways on: the submission's acceptance submits, the closing's prepares the documents.
    expect(findTransition(ENGINE_STEP_TABLE, 'CLTV_REQUALIFY', 'ACCEPT_REQUALIFY')?.to).toBe(
      'APP_SUBMISSION',
    );
    expect(findTransition(ENGINE_STEP_TABLE, 'CLTV_REQUALIFY', 'ACCEPT_REQUALIFY_CLOSING')?.to).toBe(
      'GEN_CLOSING_DOCS',
    );
    expect(findTransition(ENGINE_STEP_TABLE, 'BPO_PROCESSING', 'ACCEPT_REQUALIFY_CLOSING')).toBeNull();
    expect(findTransition(ENGINE_STEP_TABLE, 'BPO_ORDER', 'BPO_CLTV_LIMITED')).toBeNull();
    expect(findTransition(ENGINE_STEP_TABLE, 'BPO_PROCESSING', 'BPO_DECLINED')?.to).toBe('DECLINED');
    expect(findTransition(ENGINE_STEP_TABLE, 'CLTV_REQUALIFY', 'CANCEL')?.to).toBe('CANCELLED');
  });
});
