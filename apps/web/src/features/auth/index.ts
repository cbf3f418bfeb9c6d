/** Public surface of the auth feature: the /auth/login page. */
export { LoginPage } from './components/login-page';
export { LoginForm } from './components/login-form';
