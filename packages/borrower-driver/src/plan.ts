/** The borrower's plan (who they are, how they answer), what they remember, and what a move reports. */
import type { TRegistrationInput } from '@heloc/domain';
import { type Answer } from './transport';

export type Address = { street1: string; city: string; state: string; zip: string };

/** Who the borrower is and how they answer; the defaults are the sandbox's happy path. */
export type BorrowerPlan = {
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd, as registered (the notary's birth-year question is answered from it). */
  dob: string;
  /** The contact step's e-mail and phone. */
  email: string;
  phoneNumber: string;
  /** The property as registered (the notary's street and city questions). */
  address: Address;
  /** Last 4 digits of the SSN (default 6789: the sandbox matches it). */
  ssnEnding?: string;
  /** The freeze PIN given when the bureau asks for one. */
  pin?: string;
  /** The offer taken: the first with this term (default the first offer), at this amount (default the maximum line; a number is capped at the maximum unless `exactAmount`). */
  offer?: { termYears?: number; amountCents?: number | 'MAX'; exactAmount?: boolean };
  /** Corrects every found lien's balance when confirming the liens. */
  lienBalanceCents?: number;
  ownership?: 'SOLE' | 'JOINT';
  employerName?: string;
  /** Savings declared for asset depletion (ASSETS_PREQUAL). */
  assetsBalanceCents?: number;
  /** The home value the borrower estimates when there is no AVM (NO_AVM). */
  estimatedValueCents?: number;
  /**
   * Moves the server's clock to `at` when the borrower must come back later (the Texas 12-day notice,
   * notaries' hours); answers how far it moved. Without it such an answer (409) is an error.
   */
  waitUntil?: (at: Date) => Promise<number>;
};

/** The plan of the borrower registered with `body` (name, birth date, contact, property), plus `more`. */
export function planFromRegistration(
  body: TRegistrationInput,
  more: Partial<BorrowerPlan> = {},
): BorrowerPlan {
  const { street1, city, state, zip } = body.property;
  return {
    firstName: body.name.firstName,
    lastName: body.name.lastName,
    dob: body.dob,
    email: body.email,
    phoneNumber: body.phoneNumber,
    address: { street1, city, state, zip },
    ...more,
  };
}

/** What a borrower has done and learnt along the way. */
export type BorrowerMemory = {
  done: Set<string>;
  bankLink: { publicToken: string; accounts: { accountId: string; mask?: string }[] } | null;
  deedUuid: string | null;
};

export const newMemory = (): BorrowerMemory => ({ done: new Set(), bankLink: null, deedUuid: null });

/** Facts a move reports (the simulator's timeline shows them). */
export type MoveFacts = {
  offers?: number;
  maxLineCents?: number;
  minLineCents?: number;
  chosen?: { termYears: number; rateBps: number; amountCents: number };
  waitedMs?: number;
};

/** A move made: what the borrower did (`description`), the answer of its last call, facts. */
export type Move = { kind: 'moved'; description: string; answer: Answer | null; facts: MoveFacts };
/** Nothing to answer at this status, or an answer the driver cannot give. */
export type NoMove = { kind: 'none' } | { kind: 'needs-input'; detail: string };

export const HMDA_DECLINED = {
  ethnicity: { declined: true, values: [] },
  race: { declined: true, values: [] },
  sex: { declined: true, values: [] },
};
