/** HELOC applications, their loan numbers, and wallet notifications. (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TApplicationStatus } from '@heloc/domain';
import { timestamps } from './columns';
import { identities, organisations } from './identity';
import { loanOriginators, profileAddresses } from './profile';

/** Application ids shown to borrowers ("Application ID"); sequential, never reused. */
export const loanNumberSequence = pgSequence('heloc_loan_number_seq', { startWith: 1_000_000_001 });

/**
 * HELOC applications. This table holds the application's own scalar fields; consents,
 * documents, income sources, accounts and the workflow arrive with the application engine.
 */
export const helocApplications = pgTable(
  'heloc_applications',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    orgCode: text('org_code')
      .notNull()
      .references(() => organisations.orgCode),
    loanNumber: text('loan_number')
      .notNull()
      .unique()
      .default(sql`nextval('heloc_loan_number_seq')::text`),
    step: text('step').notNull().default('IN_PROGRESS'),
    termYears: integer('term_years').notNull().default(0),
    rateBps: integer('rate_bps').notNull().default(0),
    /** The selected offer's origination fee: the APR the borrower is shown includes it. */
    originationFeeBps: integer('origination_fee_bps').notNull().default(0),
    amountCents: integer('amount_cents').notNull().default(0),
    uwCalculatedDrawAmountCents: integer('uw_calculated_draw_amount_cents'),
    adjustedHomeAmountCents: integer('adjusted_home_amount_cents'),
    selectedPropertyUuid: uuid('selected_property_uuid').references(() => profileAddresses.uuid),
    /** bigint: the domain accepts up to $100,000,000 (10^10 cents), beyond a 32-bit integer. */
    statedAnnualIncomeCents: bigint('stated_annual_income_cents', { mode: 'number' }),
    employmentType: text('employment_type'),
    isCrypto: boolean('is_crypto').notNull().default(false),
    referrerUuid: uuid('referrer_uuid').references(() => loanOriginators.uuid),
    hasHmda: boolean('has_hmda').notNull().default(false),
    /** The borrower's HMDA answers (Regulation C), kept for reporting; see ZHmdaInput. */
    hmda: jsonb('hmda').$type<Record<string, unknown>>(),
    /** Asset depletion answered (product/assets): the application's assetDepletion.complete. */
    assetDepletionComplete: boolean('asset_depletion_complete').notNull().default(false),
    /** Sealed bureau freeze PIN, kept for the hard pull after a PIN-lifted soft pull. */
    creditFreezePinEncrypted: text('credit_freeze_pin_encrypted'),
    /** When the hard pull passed and the application was submitted. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The browser's telemetry tracker (spec 2 §7 tracker-uuid update): ties the funnel to the application. */
    trackerUuid: uuid('tracker_uuid'),
    /** Session-replay link of the borrower's latest session (spec 2 §7 `PUT {app}/{uuid}/full-story-link`). */
    fullStoryLink: text('full_story_link'),
    /**
     * The application status object of spec 1 §3 (flags the browser routes by), kept by the
     * workflow as it moves; read as is by the polled status endpoint.
     */
    statusFlags: jsonb('status_flags').$type<Partial<TApplicationStatus>>().notNull().default({}),
    /**
     * When the step last changed (the app's clock, set by the step machine): the lender console's
     * "days in step" and "stalled" filter read it without scanning the audit trail.
     */
    stepChangedAt: timestamp('step_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    index('heloc_applications_identity_uuid_idx').on(table.identityUuid),
    // The lender console's pipeline: keyset pages per organisation in each sort order (uuid breaks ties).
    index('heloc_applications_org_updated_idx').on(table.orgCode, table.updatedAt, table.uuid),
    index('heloc_applications_org_created_idx').on(table.orgCode, table.createdAt, table.uuid),
    index('heloc_applications_org_step_changed_idx').on(table.orgCode, table.stepChangedAt, table.uuid),
    index('heloc_applications_updated_idx').on(table.updatedAt, table.uuid),
    index('heloc_applications_referrer_idx').on(table.referrerUuid, table.updatedAt),
  ],
);

/** Wallet notifications (spec 1 §3 "Notification"). */
export const notifications = pgTable(
  'notifications',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('UNREAD'),
    walletAddress: text('wallet_address'),
    ctas: jsonb('ctas').$type<{ title: string; redirectPath: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('notifications_identity_created_idx').on(table.identityUuid, table.createdAt)],
);
