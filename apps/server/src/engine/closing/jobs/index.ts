/**
 * The closing segment's jobs. Like the engine's: the provider is called outside any lock, its outcome
 * applied under the application lock only if the application still waits where the job was queued
 * (a stale or duplicate run changes nothing); a job whose attempts run out moves the application to
 * UNKNOWN (error/timeout) through its *_TIMEOUT action. Jobs that wait for a date (rescission end,
 * the BPO report, recording, the funding date, a manual notary appointment) are queued with
 * `runAfter`, so the worker picks them up when the clock passes it — tests advance a ManualClock.
 */
import type { JobWorker } from '../../../jobs/worker';
import type { ClosingDeps } from '../store';
import { registerIncomeJobs } from './income';
import { registerBankJobs } from './bank';
import { registerIdentityJobs } from './identity';
import { registerValuationJobs } from './valuation';
import { registerClosingPackageJobs } from './closing-package';
import { registerSigningNotaryJobs } from './signing-notary';
import { registerRescissionFundingJobs } from './rescission-funding';
import { closingJobContext } from './shared';

export { accountContext, INCOME_DOCUMENT_TYPES } from './shared';

export function registerClosingJobs(worker: JobWorker, deps: ClosingDeps): void {
  const context = closingJobContext(deps);
  registerIncomeJobs(worker, context);
  registerBankJobs(worker, context);
  registerIdentityJobs(worker, context);
  registerValuationJobs(worker, context);
  registerClosingPackageJobs(worker, context);
  registerSigningNotaryJobs(worker, context);
  registerRescissionFundingJobs(worker, context);
}
