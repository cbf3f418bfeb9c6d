/**
 * Public surface of the status-driven application flow (spec 1 §4): the provider the frame renders,
 * the hook the step screens call after a write, and the route handle of status-routed screens.
 */
export { ApplicationFlowProvider, useApplicationFlow } from './components/application-flow';
export type { ApplicationFlow } from './components/application-flow';
export { statusPath, statusQueryKey, statusQueryOptions } from './api/get-status';
export { destinationOf, destinationPath, stepOfPathname } from './destination';
export { abortableSleep, pollStatus } from './poll-status';
export type { PollOutcome, PollStatusOptions } from './poll-status';
export { isStepHandle, stepHandle } from './step-handle';
export { statusRedirect } from './status-redirect';
export type { StepHandle } from './step-handle';
export { StepPage } from './components/step-page';
export { TimeoutPage, TIMEOUT_TITLE } from './components/timeout-page';
