/** Public surface of the register feature: registration, its confirmation and help pages, and the not-accepting page. */
export { RegisterPage } from './components/register-page';
export { AccountSetupPage } from './components/account-setup-page';
export { SupportPage } from './components/support-page';
export { NotAcceptingPage } from './components/not-accepting-page';
export { indexNotAcceptingReason, registerNotAcceptingReason } from './accepting';
export type { NotAcceptingReason } from './accepting';
