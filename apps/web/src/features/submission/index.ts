/** Public surface of the submission screens' pieces (the screens register in post-offer-routes.ts). */
export * from './api/submission-api';
export { AdverseActionNotice } from './components/adverse-action-notice';
