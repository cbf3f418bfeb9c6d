/**
 * Public surface of the auth feature: the /auth/login page (its form is platform/sign-in's). Account
 * recovery (/auth/forgot-password, /auth/reset-password) is the second entry, ./recovery.ts.
 */
export { LoginPage } from './components/login-page';
