/**
 * Public surface of the auth feature: the /auth/login page (its form is platform/sign-in's) and
 * account recovery (/auth/forgot-password, /auth/reset-password).
 */
export { LoginPage } from './components/login-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { ResetPasswordPage } from './components/reset-password-page';
