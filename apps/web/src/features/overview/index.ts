/** Public surface of the overview feature. */
export { HelocOverview } from './components/heloc-overview';
