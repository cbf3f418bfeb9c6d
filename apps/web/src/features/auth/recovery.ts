/**
 * Account recovery (/auth/forgot-password, /auth/reset-password): the auth feature's second entry.
 * Kept out of ./index.ts so the login page, a first screen, does not carry these pages in the chunk
 * every first screen loads (scripts/size.mjs): their routes import them from here.
 */
export { ForgotPasswordPage } from './components/forgot-password-page';
export { ResetPasswordPage } from './components/reset-password-page';
