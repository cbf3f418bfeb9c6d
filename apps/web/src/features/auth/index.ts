/** Public surface of the auth feature: the /auth/login page (its form is platform/sign-in's). */
export { LoginPage } from './components/login-page';
