/**
 * The database schema (Drizzle), one file per area, all re-exported here. Migrations in
 * ../../../drizzle are generated from it with `npm run db:generate` (drizzle.config.ts points at
 * this file) and applied at start; never edit a generated migration by hand.
 */
export * from './identity';
export * from './staff';
export * from './profile';
export * from './applications';
export * from './application-records';
export * from './co-deed';
export * from './chat';
export * from './telemetry';
export * from './platform';
export * from './webhooks';
export * from './org-settings';
export * from './borrower-mail';
