/**
 * Public surface of the borrower's steps from the basic info to the offer choice (issue 5, first half).
 * The offer choice itself (components/offer-select.tsx) is a route module of its own, loaded by its route
 * (app/routes/app/steps/pre-offer-routes.ts), so the other screens' chunk does not carry it.
 */
export { ProfileStep, PROFILE_STEP_TITLE } from './components/profile-step';
export { CreditError, CreditSocial, IncorrectPin } from './components/credit-screens';
export {
  DatatreeTimeout,
  Delinquency,
  IncorrectOwnership,
  NoCredit,
  SignDocsTimeout,
  UnderwritingReview,
} from './components/review-screens';
export { PropertyReview } from './components/property-review';
export { LiensStep } from './components/liens-step';
