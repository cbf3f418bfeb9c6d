/**
 * The engine's provider jobs: soft credit pull → property lookup → (borrower confirms liens) →
 * underwriting and pricing. Each job calls its provider outside any lock (a slow bureau must not
 * hold the application row), then applies the outcome under the application lock: if the
 * application has moved on meanwhile (cancelled, or a duplicate run already applied it) the outcome
 * is dropped, which is what makes a re-run job harmless. A job whose attempts are exhausted moves
 * the application to its error/timeout status (onDead) instead of leaving the borrower polling.
 */
import type { JobWorker } from '../../jobs/worker';
import { registerCreditJobs } from './credit';
import { registerPropertyJobs } from './property';
import { registerUnderwritingJobs } from './underwriting';
import { engineJobContext, type EngineDeps } from './shared';

export type { EngineDeps } from './shared';

export function registerEngineJobs(worker: JobWorker, deps: EngineDeps): void {
  const context = engineJobContext(deps);
  registerCreditJobs(worker, context);
  registerPropertyJobs(worker, context);
  registerUnderwritingJobs(worker, context);
}
