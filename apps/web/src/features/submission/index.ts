/** Public surface of the submission screens (registered in app/routes/app/steps/post-offer-routes.ts). */
export * from './api/submission-api';
export { AdverseActionNotice, DownloadDocumentButton } from './components/adverse-action-notice';
export {
  AdditionalProfileStep,
  ADDITIONAL_PROFILE_PATH,
  ADDITIONAL_PROFILE_TITLE,
  CONTACT_STEP_TITLE,
  ContactStep,
  HARD_CREDIT_CONSENT_LABEL,
} from './components/more-info-steps';
export { HmdaStep, HMDA_STEP_TITLE } from './components/hmda-step';
export { APP_SUMMARY_TITLE, AppSummaryStep, SUMMARY_ACCEPT_LABEL } from './components/app-summary-step';
export { DisclosuresPage, DISCLOSURES_TITLE } from './components/disclosures-page';
export {
  ASSETS_STEP_TITLE,
  AssetDepletionStep,
  PrequalWinbackStep,
  WINBACK_STEP_TITLE,
} from './components/product-steps';
export {
  DECLINE_VARIANTS,
  DeclineCredit,
  DeclineGeneric,
  DeclineIncome,
  DeclinePage,
  TimeoutError,
} from './components/decline-pages';
export type { DeclineVariant } from './components/decline-pages';
