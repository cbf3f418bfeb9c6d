/** Public surface of the dashboard feature: the borrower's applications (/dashboard). */
export { DashboardPage } from './components/dashboard-page';
