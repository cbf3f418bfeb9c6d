/**
 * Public surface of sign-in: the e-mail/password (and two-factor) form and its call, shared by the
 * borrower's login page (features/auth) and the additional signer's (features/heloc-signer).
 */
export { LoginForm } from './login-form';
export { LOGIN_API_PATH, login, useLogin } from './login';
