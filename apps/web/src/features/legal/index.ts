/** Public surface of the host pages built from the organisation data (spec 1 §2, §6). */
export { ContactPage } from './components/contact-page';
export { TermsPage } from './components/terms-page';
export { PrivacyPage } from './components/privacy-page';
export { LicensesPage } from './components/licenses-page';
export { CommunicationsPage } from './components/communications-page';
export { ComingSoonPage } from './components/coming-soon-page';
