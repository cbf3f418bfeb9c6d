/**
 * The submission segment's durable jobs: the summary package (GEN_APP_SUMMARY), the hard credit pull
 * (HARD_CREDIT_PULL), the hand-over to income verification (APP_SUBMISSION) and the adverse action
 * notice of every decline. Like the engine's other jobs, each does its slow work (bureau, PDF
 * rendering, storage) outside the application lock and applies the outcome under it only if the
 * application still waits where the job started, so a re-run or stale job changes nothing; a job that
 * exhausts its attempts moves the application to its error/timeout status (onDead).
 */
import type { JobWorker } from '../../../jobs/worker';
import { registerSummaryJobs } from './summary';
import { registerHardPullJobs } from './hard-pull';
import { registerDecisionJobs } from './decisions';
import { submissionJobContext, type SubmissionDeps } from './shared';

export { CREDIT_INDICATOR_REASON_TEXT, type SubmissionDeps } from './shared';

export function registerSubmissionJobs(worker: JobWorker, deps: SubmissionDeps): void {
  const context = submissionJobContext(deps);
  registerSummaryJobs(worker, context);
  registerHardPullJobs(worker, context);
  registerDecisionJobs(worker, context);
}
