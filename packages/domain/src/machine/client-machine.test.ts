import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, getInitialSnapshot, initialTransition, transition } from 'xstate';
import { getPathsFromEvents, getShortestPaths } from 'xstate/graph';
import {
  BPO_STATUSES,
  CHECKLIST_STATUSES,
  CLIENT_APPLICATION_STATES,
  DECISION_TYPES,
  SUB_DECISIONS,
  type TClientApplicationState,
} from '../enums';
import { STATUS_NAMES } from '../routing/status-names';
import { EMPTY_APPLICATION_STATUS, type TApplicationStatus } from '../schemas/application-status';
import { ANY_STATE_TRANSITIONS, clientApplicationMachine, resolveClientState } from './client-machine';
import type { TApplicationSnapshot } from './snapshot';
import { HAPPY_PATH, snapshotAt, START_SNAPSHOT, withChanges } from './testing';

const TEXAS = {
  property: {
    uuid: '33333333-3333-4333-8333-333333333333',
    state: 'TX',
    address: { street1: '1 Elm St', city: 'Austin', state: 'TX', zip: '73301' },
  },
} as const;
const SELF_EMPLOYED = [
  { uuid: '44444444-4444-4444-8444-444444444444', employmentType: 'SELF_EMPLOYED' as const },
];

/** Every branch off the happy path: [why, snapshot, where the borrower rests]. */
const BRANCHES: [string, TApplicationSnapshot, TClientApplicationState][] = [
  [
    'soft pull no match → ssnCredit',
    withChanges(snapshotAt('liens'), { statusName: 'CREDIT_NO_MATCH' }),
    'ssnCredit',
  ],
  [
    'credit locked → errorCredit',
    withChanges(snapshotAt('liens'), { statusName: 'CREDIT_LOCKED' }),
    'errorCredit',
  ],
  [
    'credit frozen → errorCredit',
    withChanges(snapshotAt('liens'), { statusName: 'CREDIT_FROZEN' }),
    'errorCredit',
  ],
  [
    'frozen with PIN → incorrectPin',
    withChanges(snapshotAt('liens'), { status: { creditFrozenWithPin: true } }),
    'incorrectPin',
  ],
  [
    'no credit → noCredit',
    withChanges(snapshotAt('liens'), { statusName: 'CREDIT_NO_MATCH_SSN' }),
    'noCredit',
  ],
  ['no property → noProperty', withChanges(snapshotAt('liens'), { statusName: 'NO_PROPERTY' }), 'noProperty'],
  [
    'several properties → noProperty',
    withChanges(snapshotAt('liens'), { statusName: 'MULTIPLE_PROPERTIES' }),
    'noProperty',
  ],
  [
    'datatree no match → datatreeError',
    withChanges(snapshotAt('liens'), { status: { datatreeNoMatch: true } }),
    'datatreeError',
  ],
  [
    'underwriting review → uwReview',
    withChanges(snapshotAt('liens'), { status: { uwDecision: 'REVIEW' } }),
    'uwReview',
  ],
  [
    'inquiry attestation → lienAttestation',
    withChanges(snapshotAt('liens'), { status: { liensComplete: true, inquiryAttestNeeded: true } }),
    'lienAttestation',
  ],
  [
    'attestation done → product',
    withChanges(snapshotAt('liens'), {
      status: { liensComplete: true, inquiryAttestNeeded: true, inquiryAttestComplete: true },
    }),
    'product',
  ],
  [
    'DTI limited → assetDepletion',
    withChanges(snapshotAt('product'), { status: { uwSubDecision: 'UNVERIFIED_DTI_LIMITED' } }),
    'assetDepletion',
  ],
  [
    'assets collected → back on the flow',
    withChanges(snapshotAt('hmda'), {
      status: { uwSubDecision: 'UNVERIFIED_DTI_LIMITED' },
      application: { assetDepletion: { complete: true } },
    }),
    'hmda',
  ],
  [
    'partial income → manualPaystubUpload',
    withChanges(snapshotAt('incomeReview'), { status: { manualPaystubUpload: true } }),
    'manualPaystubUpload',
  ],
  [
    'self-employed partial income → documents',
    withChanges(snapshotAt('incomeReview'), {
      status: { manualPaystubUpload: true },
      application: { incomeSources: SELF_EMPLOYED },
    }),
    'documents',
  ],
  [
    'income provider working → waitMerchant',
    withChanges(snapshotAt('incomeReview'), { statusName: 'WAITING_FOR_INCOME' }),
    'waitMerchant',
  ],
  [
    'employer verification → emplVerify',
    withChanges(snapshotAt('ach'), { status: { employmentVerificationNeeded: true } }),
    'emplVerify',
  ],
  [
    'disbursement set, autopay missing → autopay',
    withChanges(snapshotAt('docVerify'), { application: { autopayAccount: null } }),
    'autopay',
  ],
  [
    'crypto, autopay missing → manualAutopay',
    withChanges(snapshotAt('ach'), { application: { isCrypto: true } }),
    'manualAutopay',
  ],
  [
    'manual pay skips autopay',
    withChanges(snapshotAt('docVerify'), { application: { autopayAccount: null, payType: 'MANUAL' } }),
    'docVerify',
  ],
  ['Texas, BPO unknown → waitSign', withChanges(snapshotAt('waitSign'), { application: TEXAS }), 'waitSign'],
  [
    'Texas, BPO not required → waitSign',
    withChanges(snapshotAt('waitSign'), { application: TEXAS, status: { bpoStatus: 'NOT_REQUIRED' } }),
    'waitSign',
  ],
  [
    'Texas, BPO required → bpo',
    withChanges(snapshotAt('waitSign'), { application: TEXAS, status: { bpoStatus: 'ORDER_REQUIRED' } }),
    'bpo',
  ],
  [
    'elsewhere, BPO required → waitSign',
    withChanges(snapshotAt('waitSign'), { status: { bpoStatus: 'ORDER_REQUIRED' } }),
    'waitSign',
  ],
  [
    'BPO processing → bpoProcessing',
    withChanges(snapshotAt('waitSign'), { status: { bpoStatus: 'PROCESSING' } }),
    'bpoProcessing',
  ],
  [
    'manual deed signing → insurance',
    withChanges(snapshotAt('notary'), { status: { manualDeedSigningComplete: true } }),
    'insurance',
  ],
  [
    'no co-deed needed → waitNotary',
    withChanges(snapshotAt('codeed'), { application: { coDeedStatus: 'NOT_REQUIRED' } }),
    'waitNotary',
  ],
  [
    'checklist rescission with insurance → waitFund',
    withChanges(snapshotAt('waitFund'), {
      status: { checklistStatus: 'RESCISSION', primaryParticipantAcceptComplete: false },
    }),
    'waitFund',
  ],
  ['funded → complete', snapshotAt('complete'), 'complete'],
  [
    'decline decision → declined',
    withChanges(snapshotAt('ach'), { status: { uwDecision: 'DECLINE' } }),
    'declined',
  ],
  ['inactive → declined', withChanges(snapshotAt('hmda'), { statusName: 'CANCELLED' }), 'declined'],
  [
    'DTI decline → dtiDeclined',
    withChanges(snapshotAt('product'), { status: { dtiDecline: true } }),
    'dtiDeclined',
  ],
  [
    'credit score decline → creditScoreDeclined',
    withChanges(snapshotAt('product'), { status: { creditScoreDecline: true } }),
    'creditScoreDeclined',
  ],
  [
    'delinquency → delinquency',
    withChanges(snapshotAt('liens'), { statusName: 'DELINQUENCY_REVIEW' }),
    'delinquency',
  ],
  [
    'revised offer (term and rate 0, VERIFIED_OFFER) → product from late in the flow',
    withChanges(snapshotAt('docVerify'), {
      application: { term: 0, rate: 0 },
      status: { uwSubDecision: 'VERIFIED_OFFER' },
    }),
    'product',
  ],
  [
    'underwrite without basic info → product',
    withChanges(START_SNAPSHOT, { status: { liensComplete: true } }),
    'product',
  ],
  ['no profile → profile', { ...START_SNAPSHOT, profile: null }, 'profile'],
];

describe('resolveClientState', () => {
  it.each(HAPPY_PATH.map(({ state }) => state))('happy path rests in %s', (state) => {
    expect(resolveClientState(snapshotAt(state))).toBe(state);
  });

  it.each(BRANCHES)('%s', (_why, snapshot, expected) => {
    expect(resolveClientState(snapshot)).toBe(expected);
  });

  it('reaches every state of the spec in these tables', () => {
    const reached = new Set([
      ...HAPPY_PATH.map(({ state }) => state),
      ...BRANCHES.map(([, , state]) => state),
    ]);
    expect([...CLIENT_APPLICATION_STATES].filter((state) => !reached.has(state))).toEqual([]);
  });

  it('lets the first "from any state" exit win when several apply', () => {
    const snapshot = withChanges(snapshotAt('liens'), {
      statusName: 'NO_PROPERTY',
      status: { dtiDecline: true, creditScoreDecline: true, datatreeNoMatch: true },
    });
    expect(resolveClientState(snapshot)).toBe('dtiDeclined');
    expect(resolveClientState(withChanges(snapshot, { status: { dtiDecline: false } }))).toBe(
      'creditScoreDeclined',
    );
    expect(ANY_STATE_TRANSITIONS[0]).toEqual({ guard: 'isDeclined', target: 'declined' });
  });
});

describe('clientApplicationMachine', () => {
  it('declares exactly the states of the spec, starting at profile', () => {
    expect(Object.keys(clientApplicationMachine.config.states ?? {}).sort()).toEqual(
      [...CLIENT_APPLICATION_STATES].sort(),
    );
    expect(clientApplicationMachine.config.initial).toBe('profile');
  });

  it('gives every state but profile a way in (eventless transitions of the states and the root)', () => {
    const root = clientApplicationMachine.root;
    const transitions = [
      ...(root.always ?? []),
      ...Object.values(root.states).flatMap((node) => node.always ?? []),
    ];
    const targets = new Set(
      transitions.flatMap((transition) => transition.target ?? []).map((node) => node.key),
    );
    expect(CLIENT_APPLICATION_STATES.filter((state) => state !== 'profile' && !targets.has(state))).toEqual(
      [],
    );
  });

  it('moves forward and back with each SNAPSHOT (createActor)', () => {
    const actor = createActor(clientApplicationMachine, { input: START_SNAPSHOT }).start();
    expect(actor.getSnapshot().value).toBe('profile');
    actor.send({ type: 'SNAPSHOT', snapshot: snapshotAt('incomeReview') });
    expect(actor.getSnapshot().value).toBe('incomeReview');
    actor.send({
      type: 'SNAPSHOT',
      snapshot: withChanges(snapshotAt('incomeReview'), { status: { dtiDecline: true } }),
    });
    expect(actor.getSnapshot().value).toBe('dtiDeclined');
    // The decline lifted (a revised decision): the flow is evaluated again from profile.
    actor.send({ type: 'SNAPSHOT', snapshot: snapshotAt('sign') });
    expect(actor.getSnapshot().value).toBe('sign');
    actor.stop();
  });

  it('is a pure function of the snapshot (transition())', () => {
    const [start] = initialTransition(clientApplicationMachine, START_SNAPSHOT);
    const [next] = transition(clientApplicationMachine, start, {
      type: 'SNAPSHOT',
      snapshot: snapshotAt('hmda'),
    });
    expect(next.value).toBe('hmda');
    expect(start.value).toBe('profile');
    const [again] = transition(clientApplicationMachine, next, {
      type: 'SNAPSHOT',
      snapshot: snapshotAt('hmda'),
    });
    expect(again.value).toBe('hmda');
  });

  it('keeps no personal data in its context', () => {
    const [state] = initialTransition(clientApplicationMachine, snapshotAt('complete'));
    expect(JSON.stringify(state.context)).not.toMatch(
      /Pat|Example|1980-04-02|borrower@heloc\.test|121000248/,
    );
  });

  it('walks the happy path event by event (xstate/graph)', () => {
    const events = HAPPY_PATH.map(({ state }) => ({
      type: 'SNAPSHOT' as const,
      snapshot: snapshotAt(state),
    }));
    // fromState given explicitly: the graph helpers otherwise build a start snapshot without input.
    const fromState = getInitialSnapshot(clientApplicationMachine, START_SNAPSHOT);
    const [path] = getPathsFromEvents(clientApplicationMachine, events, {
      input: START_SNAPSHOT,
      fromState,
      // A SNAPSHOT's outcome never depends on the previous context, so states are told apart by value.
      serializeState: (state) => JSON.stringify(state.value),
    });
    expect(path?.steps.map((step) => step.state.value)).toEqual([
      'profile',
      ...HAPPY_PATH.map(({ state }) => state),
    ]);
  });

  it('reaches every state from the start with one snapshot each (shortest paths)', () => {
    const events = [
      ...HAPPY_PATH.map(({ state }) => snapshotAt(state)),
      ...BRANCHES.map(([, snapshot]) => snapshot),
    ].map((snapshot) => ({ type: 'SNAPSHOT' as const, snapshot }));
    const paths = getShortestPaths(clientApplicationMachine, {
      input: START_SNAPSHOT,
      fromState: getInitialSnapshot(clientApplicationMachine, START_SNAPSHOT),
      events,
      // One node per machine state: where the borrower rests is what matters, not the data that put them there.
      serializeState: (state) => JSON.stringify(state.value),
    });
    const reached = new Set(paths.map((path) => path.state.value as string));
    expect([...CLIENT_APPLICATION_STATES].filter((state) => !reached.has(state))).toEqual([]);
    expect(Math.max(...paths.map((path) => path.steps.length))).toBeLessThanOrEqual(2);
  });
});

describe('clientApplicationMachine: any snapshot', () => {
  const arbitrarySnapshot = fc
    .record({
      stage: fc.constantFrom(...HAPPY_PATH.map(({ state }) => state)),
      statusName: fc.constantFrom(...STATUS_NAMES, 'SOMETHING_NEW'),
      flags: fc.record(
        Object.fromEntries(
          (Object.keys(EMPTY_APPLICATION_STATUS) as (keyof TApplicationStatus)[])
            .filter((key) => typeof EMPTY_APPLICATION_STATUS[key] === 'boolean')
            .map((key) => [key, fc.boolean()]),
        ) as Record<string, fc.Arbitrary<boolean>>,
      ),
      uwDecision: fc.constantFrom(null, ...DECISION_TYPES),
      uwSubDecision: fc.constantFrom(null, ...SUB_DECISIONS),
      bpoStatus: fc.constantFrom(null, ...BPO_STATUSES),
      checklistStatus: fc.constantFrom(null, ...CHECKLIST_STATUSES),
      texas: fc.boolean(),
      crypto: fc.boolean(),
    })
    .map(
      ({ stage, statusName, flags, uwDecision, uwSubDecision, bpoStatus, checklistStatus, texas, crypto }) =>
        withChanges(snapshotAt(stage), {
          statusName,
          status: { ...flags, uwDecision, uwSubDecision, bpoStatus, checklistStatus },
          application: { isCrypto: crypto, ...(texas ? TEXAS : {}) },
        }),
    );

  it('always comes to rest in a state of the spec, the same from anywhere', () => {
    fc.assert(
      fc.property(
        arbitrarySnapshot,
        fc.constantFrom(...HAPPY_PATH.map(({ state }) => state)),
        (snapshot, from) => {
          const state = resolveClientState(snapshot);
          expect(CLIENT_APPLICATION_STATES).toContain(state);
          // Wherever the actor was, a SNAPSHOT lands where a fresh run does.
          const [before] = initialTransition(clientApplicationMachine, snapshotAt(from));
          const [after] = transition(clientApplicationMachine, before, { type: 'SNAPSHOT', snapshot });
          expect(after.value).toBe(state);
        },
      ),
      { numRuns: 300 },
    );
  });
});
