/** Public surface of the settings feature: /dashboard/settings. */
export { SettingsPage } from './components/settings-page';
