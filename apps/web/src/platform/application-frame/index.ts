/** Public surface of the application frame (/account/heloc/{uuid}, spec 1 §2, spec 2 §8). */
export { ApplicationFrame, currentProgress, isManualNotary } from './components/application-frame';
export { ProgressSidebar } from './components/progress-sidebar';
export { OfferDetails } from './components/offer-details';
export { applicationQueryOptions, isMissingApplication, useApplication } from './api/get-application';
