/** Public surface of the maintenance feature (spec 2 §7, §8). */
export { MaintenanceGate } from './components/maintenance-gate';
export { MaintenancePage } from './components/maintenance-page';
