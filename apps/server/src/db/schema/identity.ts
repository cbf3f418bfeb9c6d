/** Organisations, identities and their sessions. (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TOrgBrand, TOrgData } from '@heloc/domain';
import { timestamps } from './columns';

/**
 * White-label partner organisations: inserted from the seed data file at start; once an
 * organisation has a settings version (org-settings.ts), its editable settings come from that.
 */
export const organisations = pgTable('organisations', {
  orgCode: text('org_code').primaryKey(),
  canonicalOrgCode: text('canonical_org_code').notNull(),
  /** Host of baseUrl; the request host selects the organisation. */
  host: text('host').notNull().unique(),
  baseUrl: text('base_url').notNull(),
  brand: jsonb('brand').$type<TOrgBrand>().notNull(),
  metaData: jsonb('meta_data').$type<TOrgData['orgMetaData']>().notNull(),
  pricingData: jsonb('pricing_data').$type<TOrgData['orgPricingData']>().notNull(),
  /** The published organisation settings version (org-settings.ts); null before the first. */
  settingsVersion: integer('settings_version'),
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
    /** Base32 TOTP secret while two-factor is being set up or enabled; null otherwise. */
    totpSecret: text('totp_secret'),
    /** RFC 6238 time step of the last accepted code: a code of that step or earlier is refused (replay). */
    totpLastTimeStep: integer('totp_last_time_step'),
    isManageable: boolean('is_manageable').notNull().default(true),
    passwordExpired: boolean('password_expired').notNull().default(false),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    walletAccountAddress: text('wallet_account_address'),
    walletGroupPolicyAddress: text('wallet_group_policy_address'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index('identities_organization_code_idx').on(table.organizationCode)],
);

/**
 * One signed-in browser. Each JWT names its session and carries the hash of the session's
 * fingerprint cookie; logout (or expiry) ends the session and with it every token issued for it.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    fingerprintHash: text('fingerprint_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, however often its token is refreshed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('auth_sessions_identity_uuid_idx').on(table.identityUuid),
    // External-context calls carry no token; their session is found by the cookie's hash.
    unique('auth_sessions_fingerprint_hash_unique').on(table.fingerprintHash),
  ],
);

/**
 * Failed second-factor codes per account (not per address: an attacker rotating addresses still
 * hits the account's limit). Rows older than the window are ignored and pruned.
 */
export const twoFactorFailures = pgTable(
  'two_factor_failures',
  {
    id: serial('id').primaryKey(),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('two_factor_failures_identity_idx').on(table.identityUuid, table.at)],
);

/**
 * "Forgot password" links (issue 19). Only the SHA-256 of the link's random 32-byte token is kept;
 * a link works once (`usedAt`) and until `expiresAt` (PASSWORD_RESET_TTL_MINUTES after it was asked for).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_identity_idx').on(table.identityUuid)],
);

/**
 * Account security events of borrowers and signers (password reset asked for, password reset).
 * Append-only: the application only inserts. `identityUuid` is null when the address has no account
 * (the request is still recorded, with the address as typed).
 */
export const identityAuditEvents = pgTable(
  'identity_audit_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** PASSWORD_RESET_REQUESTED, PASSWORD_RESET */
    action: text('action').notNull(),
    identityUuid: uuid('identity_uuid'),
    email: text('email').notNull(),
    /** The organisation the request came through (host or org header), when one did. */
    orgCode: text('org_code'),
    ipAddress: text('ip_address'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('identity_audit_events_identity_idx').on(table.identityUuid, table.id)],
);
