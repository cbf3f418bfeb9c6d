/** Public surface of the borrower's steps from the basic info to the offer choice (issue 5, first half). */
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
export { OfferSelect } from './components/offer-select-lazy';
