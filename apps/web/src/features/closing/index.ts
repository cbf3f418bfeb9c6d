/**
 * The closing screens (issue 6): income verification to funding. One lazy chunk; the route modules
 * in app/routes/app/steps/closing-routes.ts pick the screen.
 */
export {
  IncomeReview,
  IncomeLink,
  PointservCallback,
  IncomeUpload,
  EmployerVerification,
} from './components/income-screens';
export { BankDisburse, BankManualDisburse, BankConfirm, BankAutopay } from './components/bank-screens';
export { IdentityScreen } from './components/identity-screen';
export { SigningIntro, SigningSign, SigningAdditional, SigningSupport } from './components/signing-screens';
export {
  NotaryIntro,
  NotaryReserveManual,
  NotaryScheduleManual,
  NotaryError,
} from './components/notary-screens';
export { NotarySession } from './components/notary-session';
export { InsuranceRequirements, InsuranceUpload } from './components/insurance-screens';
export {
  BpoCondition,
  BpoOrder,
  BpoEstimateValue,
  BpoWaiting,
  BpoHold,
  PayoffHold,
  FloodCertError,
} from './components/hold-screens';
export {
  ConditionsDashboard,
  ConditionUploadDocument,
  ConditionPhoneNumber,
} from './components/conditions-screens';
export { CompleteScreen } from './components/complete-screen';
export { FileUpload } from './components/file-upload';
