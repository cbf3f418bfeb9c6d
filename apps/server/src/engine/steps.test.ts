/**
 * Every status the engine's step table can answer lands the browser on a real screen through the
 * domain's own routing (routing table, then the client machine), with the flags the engine sets.
 */
import { describe, expect, it } from 'vitest';
import { APPLICATION_STEPS, isWaitingStatus, type TApplicationStatus } from '@heloc/domain';
import { landingScreen, stepApplication, stepProfile } from '../test/steps';
import { findTransition } from '../workflow/step-machine';
import { ENGINE_ACTIONS, ENGINE_STEP_TABLE, ENGINE_TRANSITIONS, type EngineAction } from './steps';
import { SUBMISSION_ACTIONS } from './submission/steps';

// The submission segment's transitions are checked in submission/steps.test.ts (other flags and records).
const OWN_TRANSITIONS = ENGINE_TRANSITIONS.filter(
  (transition) => !(SUBMISSION_ACTIONS as readonly string[]).includes(transition.action),
);

const APPLICATION = stepApplication();
const PROFILE = stepProfile();

/** The screen each settled outcome must reach, with the flags the engine sets alongside it. */
const EXPECTED: Partial<Record<EngineAction, { destination: string; flags?: Partial<TApplicationStatus> }>> =
  {
    CREDIT_NO_MATCH: { destination: 'credit/social' },
    CREDIT_FROZEN: { destination: 'credit/error' },
    CREDIT_FROZEN_PIN: { destination: 'review-app/incorrect-pin', flags: { creditFrozenWithPin: true } },
    CREDIT_NO_SCORE: { destination: 'review-app/no-credit' },
    CREDIT_TIMEOUT: { destination: 'error/timeout' },
    PROPERTY_FOUND: { destination: 'liens', flags: { propertyComplete: true } },
    PROPERTY_NOT_FOUND: { destination: 'review-app/property' },
    PROPERTY_NOT_OWNER: { destination: 'review-app/incorrect-ownership' },
    PROPERTY_MULTIPLE: { destination: 'review-app/property' },
    PROPERTY_NO_DATA: { destination: 'review-app/datatree', flags: { datatreeNoMatch: true } },
    PROPERTY_DELINQUENT: { destination: 'review-app/delinquency' },
    PROPERTY_TIMEOUT: { destination: 'error/timeout' },
    OFFERS_READY: {
      destination: 'product/select',
      flags: { liensComplete: true, uwDecision: 'APPROVED', uwSubDecision: 'UNVERIFIED_OFFER' },
    },
    DECLINE: { destination: 'error/credit', flags: { uwDecision: 'DECLINE', creditScoreDecline: true } },
    NO_AVM: { destination: 'bpo/estimate-value', flags: { liensComplete: true } },
    UNDERWRITING_TIMEOUT: { destination: 'error/timeout' },
    SELECT_OFFER: { destination: 'start/contact', flags: { liensComplete: true, uwDecision: 'APPROVED' } },
    CANCEL: { destination: '/' },
    // A staff decline (lender console): the generic decline screen (no provider flag says why).
    STAFF_DECLINE: { destination: 'error/decline', flags: { uwDecision: 'DECLINE' } },
    STAFF_COUNTER_OFFER: {
      destination: 'product/select',
      flags: { liensComplete: true, uwDecision: 'APPROVED', uwSubDecision: 'UNVERIFIED_OFFER' },
    },
  };

describe('the engine step table', () => {
  it('names only domain status names and actions', () => {
    const steps: readonly string[] = APPLICATION_STEPS;
    for (const transition of ENGINE_TRANSITIONS) {
      expect(steps).toContain(transition.to);
      if (transition.from !== '*') for (const from of transition.from) expect(steps).toContain(from);
      expect([...ENGINE_ACTIONS, ...SUBMISSION_ACTIONS]).toContain(transition.action);
    }
  });

  it.each(OWN_TRANSITIONS.map((transition) => [transition.action, transition.to] as const))(
    '%s → %s routes the browser to its screen (or is a waiting status it polls)',
    (action, to) => {
      if (isWaitingStatus(to)) {
        expect(EXPECTED[action]).toBeUndefined();
        return;
      }
      const expected = EXPECTED[action];
      expect(expected, `no expected screen for ${action}`).toBeDefined();
      const destination = landingScreen(
        to,
        to === 'COLLECT_ADDITIONAL_INFO'
          ? { ...APPLICATION, term: 10, rate: 900, amount: 100_000_00 }
          : APPLICATION,
        PROFILE,
        expected!.flags,
      );
      expect(destination).toBe(expected!.destination);
    },
  );

  it('refuses actions out of order and anything after a final step', () => {
    expect(findTransition(ENGINE_STEP_TABLE, 'IN_PROGRESS', 'CONFIRM_LIENS')).toBeNull();
    expect(findTransition(ENGINE_STEP_TABLE, 'DECLINED', 'CANCEL')).toBeNull();
    expect(findTransition(ENGINE_STEP_TABLE, 'OFFER_SELECTION', 'CANCEL')?.to).toBe('CANCELLED');
  });
});
