/**
 * The database schema (Drizzle). Migrations in ../../drizzle are generated from this file with
 * `npm run db:generate` and applied at start; never edit a generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TOrgBrand, TOrgData } from '@heloc/domain';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** White-label partner organisations, synchronised from the seed data file at start. */
export const organisations = pgTable('organisations', {
  orgCode: text('org_code').primaryKey(),
  canonicalOrgCode: text('canonical_org_code').notNull(),
  /** Host of baseUrl; the request host selects the organisation. */
  host: text('host').notNull().unique(),
  baseUrl: text('base_url').notNull(),
  brand: jsonb('brand').$type<TOrgBrand>().notNull(),
  metaData: jsonb('meta_data').$type<TOrgData['orgMetaData']>().notNull(),
  pricingData: jsonb('pricing_data').$type<TOrgData['orgPricingData']>().notNull(),
  ...timestamps,
});

/**
 * Sign-in identities (borrowers, co-deeders, brokers, lender staff). Passwords are argon2id
 * hashes; the e-mail is stored lower-cased so uniqueness is case-insensitive.
 */
export const identities = pgTable(
  'identities',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    organizationCode: text('organization_code')
      .notNull()
      .references(() => organisations.orgCode),
    profileType: text('profile_type').notNull(),
    isBroker: boolean('is_broker').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    totpVerified: boolean('totp_verified').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index('identities_organization_code_idx').on(table.organizationCode)],
);
