/**
 * The client application state machine of spec 1 §4, in XState v5.
 *
 * It is driven by data, not by clicks: its input, and every SNAPSHOT event, carry what the server
 * says about the application (application, status object, profile, status name). On each snapshot the
 * machine re-enters its start state, profile, and follows eventless (`always`) transitions through
 * their guards until none is enabled; where it rests is the borrower's place in the flow. Restarting
 * from profile every time keeps the state a function of the snapshot: flags that move backwards (a
 * revised offer, a freeze lifted) move the borrower backwards too.
 *
 * Two kinds of transitions:
 * - The flow, on each state: profile → liens → product → moreProfile → hmda → waitSummary →
 *   appSummary → incomeReview → ach → docVerify → waitSign → sign → codeed → waitNotary → notary →
 *   insurance → waitFund → complete, with its side branches. "Any state to product on underwrite"
 *   is on every state the flow can rest in before product (profile, liens, lienAttestation,
 *   uwReview, ssnCredit); on a later state it would send the borrower round in a loop.
 * - The "from any state" exits, on the root, in priority order (ANY_STATE_TRANSITIONS). XState takes
 *   a child's eventless transition before its parent's, so the exits fire once the flow rests. Each
 *   exit's guard also requires that no earlier exit applies and that the machine is not already in its
 *   target, so exactly one can fire and the machine then rests (no eventless loop).
 */
import { and, assign, getInitialSnapshot, not, setup, stateIn } from 'xstate';
import type { TClientApplicationState } from '../enums';
import { CLIENT_GUARDS, type TClientGuardName } from './guards';
import { toClientContext, type TApplicationSnapshot, type TClientContext } from './snapshot';

export type TClientMachineEvent = { type: 'SNAPSHOT'; snapshot: TApplicationSnapshot };

interface TAnyStateTransition {
  guard: TClientGuardName;
  target: TClientApplicationState;
}

/**
 * The "from any state" transitions, highest priority first. Declines come first (nothing else
 * matters once declined); funding next (a funded or rescinding loan is past every other check);
 * then the reviews and provider outcomes that stop the flow where it is.
 */
export const ANY_STATE_TRANSITIONS: readonly TAnyStateTransition[] = [
  { guard: 'isDeclined', target: 'declined' },
  { guard: 'isDtiDeclined', target: 'dtiDeclined' },
  { guard: 'isCreditScoreDeclined', target: 'creditScoreDeclined' },
  { guard: 'isFunded', target: 'complete' },
  { guard: 'isFundingChecklistWithInsurance', target: 'waitFund' },
  { guard: 'isDelinquent', target: 'delinquency' },
  { guard: 'isCreditLockedOrFrozen', target: 'errorCredit' },
  { guard: 'isIncorrectPin', target: 'incorrectPin' },
  { guard: 'hasNoCredit', target: 'noCredit' },
  { guard: 'hasNoPropertyMatch', target: 'noProperty' },
  { guard: 'isDatatreeNoMatch', target: 'datatreeError' },
  { guard: 'isBpoProcessing', target: 'bpoProcessing' },
  { guard: 'needsEmployerVerification', target: 'emplVerify' },
  { guard: 'needsAdHocDocuments', target: 'documents' },
];

const clientMachineSetup = setup({
  types: {
    context: {} as TClientContext,
    events: {} as TClientMachineEvent,
    input: {} as TApplicationSnapshot,
  },
  guards: {
    ...Object.fromEntries(
      Object.entries(CLIENT_GUARDS).map(([name, guard]) => [
        name,
        ({ context }: { context: TClientContext }) => guard(context),
      ]),
    ),
  } as Record<TClientGuardName, ({ context }: { context: TClientContext }) => boolean>,
  actions: {
    /** Keep only the projection of the snapshot the guards need (no personal data in context). */
    storeSnapshot: assign(({ event }) => toClientContext(event.snapshot)),
  },
});

/** Root-level exits: each guarded by its own condition, no earlier exit's, and not being there already. */
const anyStateTransitions = ANY_STATE_TRANSITIONS.map(({ guard, target }, index) => ({
  target: `.${target}`,
  guard: and([
    guard,
    ...ANY_STATE_TRANSITIONS.slice(0, index).map((earlier) => not(earlier.guard)),
    not(stateIn(`#clientApplication.${target}`)),
  ]),
}));

/** On a pre-offer state: any state to product on underwrite. */
const toProductOnUnderwrite = { target: 'product', guard: 'canUnderwrite' } as const;

export const clientApplicationMachine = clientMachineSetup.createMachine({
  id: 'clientApplication',
  context: ({ input }) => toClientContext(input),
  initial: 'profile',
  on: {
    SNAPSHOT: { target: '.profile', reenter: true, actions: 'storeSnapshot' },
  },
  always: anyStateTransitions,
  states: {
    profile: {
      // Basic info first, so a file in underwriting review or awaiting attestation stops on the way.
      always: [{ target: 'liens', guard: 'hasBasicInfo' }, toProductOnUnderwrite],
    },
    liens: {
      always: [
        { target: 'uwReview', guard: 'isInUnderwritingReview' },
        { target: 'lienAttestation', guard: 'needsInquiryAttestation' },
        toProductOnUnderwrite,
        { target: 'ssnCredit', guard: 'isCreditNoMatch' },
      ],
    },
    lienAttestation: { always: [toProductOnUnderwrite] },
    uwReview: {
      always: [{ target: 'product', guard: and(['canUnderwrite', not('isInUnderwritingReview')]) }],
    },
    ssnCredit: { always: [toProductOnUnderwrite] },
    product: {
      always: [
        { target: 'assetDepletion', guard: 'needsAssetDepletion' },
        { target: 'moreProfile', guard: 'hasOffer' },
      ],
    },
    assetDepletion: {},
    moreProfile: { always: [{ target: 'hmda', guard: 'hasMoreInfo' }] },
    hmda: { always: [{ target: 'waitSummary', guard: 'hasHmda' }] },
    waitSummary: { always: [{ target: 'appSummary', guard: 'isSummaryReady' }] },
    appSummary: { always: [{ target: 'incomeReview', guard: 'isSummaryComplete' }] },
    incomeReview: {
      always: [
        { target: 'ach', guard: 'isIncomeVerified' },
        { target: 'manualPaystubUpload', guard: 'isPartialIncome' },
        { target: 'waitMerchant', guard: 'isWaitingForIncome' },
      ],
    },
    manualPaystubUpload: {},
    waitMerchant: {},
    ach: {
      always: [
        { target: 'docVerify', guard: 'isDisbursementComplete' },
        { target: 'autopay', guard: 'needsAutopay' },
        { target: 'manualAutopay', guard: 'needsManualAutopay' },
      ],
    },
    autopay: {},
    manualAutopay: {},
    docVerify: {
      always: [
        // ID front uploaded → waitSign; in Texas only when BPO is not required or unknown…
        {
          target: 'waitSign',
          guard: and(['hasIdFrontDocument', not(and(['isTexasProperty', not('isBpoNotRequiredOrUnknown')]))]),
        },
        // …otherwise escalate to bpo.
        {
          target: 'bpo',
          guard: and(['hasIdFrontDocument', 'isTexasProperty', not('isBpoNotRequiredOrUnknown')]),
        },
      ],
    },
    bpo: {},
    waitSign: { always: [{ target: 'sign', guard: 'isClosingReady' }] },
    sign: { always: [{ target: 'codeed', guard: 'isClosingComplete' }] },
    codeed: { always: [{ target: 'waitNotary', guard: 'isCoDeedComplete' }] },
    waitNotary: { always: [{ target: 'notary', guard: 'isNotaryReady' }] },
    notary: { always: [{ target: 'insurance', guard: 'isNotaryComplete' }] },
    insurance: { always: [{ target: 'waitFund', guard: 'isInsuranceComplete' }] },
    waitFund: { always: [{ target: 'complete', guard: 'isFunded' }] },
    complete: {},
    // Exit targets rest: they have no transitions of their own, a new snapshot restarts the flow.
    errorCredit: {},
    incorrectPin: {},
    noCredit: {},
    noProperty: {},
    datatreeError: {},
    emplVerify: {},
    documents: {},
    bpoProcessing: {},
    declined: {},
    dtiDeclined: {},
    creditScoreDeclined: {},
    delinquency: {},
  },
});

export type TClientApplicationMachine = typeof clientApplicationMachine;

/** Where the borrower stands for this snapshot: the machine run to rest from profile. */
export function resolveClientState(snapshot: TApplicationSnapshot): TClientApplicationState {
  return getInitialSnapshot(clientApplicationMachine, snapshot).value as TClientApplicationState;
}
