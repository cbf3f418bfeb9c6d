/** The borrower's profile, phone numbers and addresses; loan originators. (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { identities, organisations } from './identity';

/** The borrower's profile (spec 1 §3 "Profile"); one per identity. */
export const profiles = pgTable('profiles', {
  identityUuid: uuid('identity_uuid')
    .primaryKey()
    .references(() => identities.uuid, { onDelete: 'cascade' }),
  nameUuid: uuid('name_uuid')
    .notNull()
    .default(sql`gen_random_uuid()`),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  suffix: text('suffix'),
  dob: date('dob', { mode: 'string' }),
  /** Whether an SSN is on file; the SSN itself arrives with the credit step (encrypted at rest). */
  hasSsn: boolean('has_ssn').notNull().default(false),
  /** AES-256-GCM sealed SSN (engine/submission/field-crypto.ts); never returned, never logged. */
  ssnEncrypted: text('ssn_encrypted'),
  /** The only part of the SSN ever shown (masked as ***-**-1234). */
  ssnLast4: text('ssn_last4'),
  ...timestamps,
});

export const profilePhoneNumbers = pgTable(
  'profile_phone_numbers',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    /** Ten digits, no formatting (display formatting is the domain's formatPhone). */
    number: text('number').notNull(),
    primary: boolean('primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('profile_phone_numbers_identity_number_unique').on(table.identityUuid, table.number)],
);

export const profileAddresses = pgTable(
  'profile_addresses',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    street1: text('street1').notNull(),
    street2: text('street2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    ownership: text('ownership'),
    /** Registration's "Sale Status" of the home. */
    saleStatus: text('sale_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('profile_addresses_identity_uuid_idx').on(table.identityUuid)],
);

/** Loan officers and brokers shown on the borrower's card (service-lead-portal). */
export const loanOriginators = pgTable(
  'loan_originators',
  {
    uuid: uuid('uuid').primaryKey(),
    orgCode: text('org_code')
      .notNull()
      .references(() => organisations.orgCode),
    originatorName: text('originator_name'),
    brokerName: text('broker_name'),
    avatarUri: text('avatar_uri'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    nmls: text('nmls'),
    userInfo: jsonb('user_info').$type<Record<string, unknown>>(),
    /** False: deactivated in the settings (issue 16): not offered for new referrals, kept on applications. */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (table) => [index('loan_originators_org_code_idx').on(table.orgCode)],
);
