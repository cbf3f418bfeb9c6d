/**
 * Every external provider the application workflow calls, each behind an interface, and the
 * deterministic sandbox set (DESIGN.md §7). Workflow code depends on `Providers` only, so production
 * implementations can replace one provider at a time without touching the jobs that call them.
 */
import { systemClock, type Clock } from '../lib/clock';
import { sleep, type ProviderCallOptions } from './shared';
import type { BankAccountProvider } from './bank-account';
import { createSandboxBankAccount } from './bank-account/sandbox';
import type { CreditBureauProvider } from './credit-bureau';
import { createSandboxCreditBureau } from './credit-bureau/sandbox';
import type { ESignatureProvider } from './e-signature';
import { createSandboxESignature } from './e-signature/sandbox';
import type { FloodProvider } from './flood';
import { createSandboxFlood } from './flood/sandbox';
import type { FundingProvider } from './funding';
import { createSandboxFunding } from './funding/sandbox';
import type { IdentityDocumentProvider } from './identity-document';
import { createSandboxIdentityDocument } from './identity-document/sandbox';
import type { IncomeProvider } from './income';
import { createSandboxIncome } from './income/sandbox';
import type { NotaryProvider } from './notary';
import { createSandboxNotary, type SandboxNotaryOptions } from './notary/sandbox';
import type { PropertyDataProvider } from './property-data';
import { createSandboxPropertyData } from './property-data/sandbox';
import type { RecordingProvider } from './recording';
import { createSandboxRecording } from './recording/sandbox';
import type { TitleProvider } from './title';
import { createSandboxTitle } from './title/sandbox';
import type { ValuationProvider } from './valuation';
import { createSandboxValuation } from './valuation/sandbox';

export interface Providers {
  creditBureau: CreditBureauProvider;
  propertyData: PropertyDataProvider;
  valuation: ValuationProvider;
  flood: FloodProvider;
  income: IncomeProvider;
  identityDocument: IdentityDocumentProvider;
  bankAccount: BankAccountProvider;
  title: TitleProvider;
  eSignature: ESignatureProvider;
  notary: NotaryProvider;
  recording: RecordingProvider;
  funding: FundingProvider;
}

export interface SandboxProvidersOptions {
  /** Every time-dependent answer reads this clock (default: the system clock). */
  clock?: Clock;
  /** Timeout scenario: how long the bureau hangs before rejecting (default 30 s). */
  creditTimeoutDelayMs?: number;
  /** Injected sleeper for the Timeout scenario (tests resolve at once). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** BPO turnaround (default 2 days). */
  bpoTurnaroundMs?: number;
  /** Flood scenario research time (default 1 hour). */
  floodResearchMs?: number;
  /** Title turnaround (default 1 day). */
  titleTurnaroundMs?: number;
  notary?: Omit<SandboxNotaryOptions, 'clock'>;
  /**
   * Every sandbox call takes this long, like a real provider's round trip (default 0). The repeated
   * kill -9 test uses it so a kill lands while provider jobs are in flight; the wait stops when the
   * call's signal fires (a cancelled job attempt).
   */
  latencyMs?: number;
}

/** Wraps every method of every provider so it answers after `ms` (honouring the call's signal). */
function withLatency(providers: Providers, ms: number): Providers {
  const wrapped: Record<string, unknown> = {};
  for (const [name, provider] of Object.entries(providers) as [string, Record<string, unknown>][]) {
    wrapped[name] = Object.fromEntries(
      Object.entries(provider).map(([method, value]) => [
        method,
        typeof value === 'function'
          ? async (...args: unknown[]) => {
              const options = args[1] as ProviderCallOptions | undefined;
              await sleep(ms, options?.signal);
              return (value as (...a: unknown[]) => unknown).apply(provider, args);
            }
          : value,
      ]),
    );
  }
  return wrapped as unknown as Providers;
}

export function createSandboxProviders(options: SandboxProvidersOptions = {}): Providers {
  const clock = options.clock ?? systemClock;
  const providers: Providers = {
    creditBureau: createSandboxCreditBureau({
      clock,
      ...(options.creditTimeoutDelayMs !== undefined && { timeoutDelayMs: options.creditTimeoutDelayMs }),
      ...(options.sleep && { sleep: options.sleep }),
    }),
    propertyData: createSandboxPropertyData(),
    valuation: createSandboxValuation({
      clock,
      ...(options.bpoTurnaroundMs !== undefined && { bpoTurnaroundMs: options.bpoTurnaroundMs }),
    }),
    flood: createSandboxFlood({
      clock,
      ...(options.floodResearchMs !== undefined && { researchMs: options.floodResearchMs }),
    }),
    income: createSandboxIncome(),
    identityDocument: createSandboxIdentityDocument({ clock }),
    bankAccount: createSandboxBankAccount(),
    title: createSandboxTitle({
      clock,
      ...(options.titleTurnaroundMs !== undefined && { turnaroundMs: options.titleTurnaroundMs }),
    }),
    eSignature: createSandboxESignature({ clock }),
    notary: createSandboxNotary({ ...options.notary, clock }),
    recording: createSandboxRecording({ clock }),
    funding: createSandboxFunding({ clock }),
  };
  return options.latencyMs ? withLatency(providers, options.latencyMs) : providers;
}

export { SANDBOX_SCENARIOS, SANDBOX_VALUES, scenarioForLastName, type SandboxScenario } from './scenario';
export { ProviderInputError, ProviderTimeoutError, type ApplicantRef, type PropertyAddress } from './shared';
