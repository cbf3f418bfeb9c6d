/**
 * The database schema (Drizzle). Migrations in ../../drizzle are generated from this file with
 * `npm run db:generate` and applied at start; never edit a generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TApplicationStatus, TOrgBrand, TOrgData } from '@heloc/domain';

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
    /** Base32 TOTP secret while two-factor is being set up or enabled; null otherwise. */
    totpSecret: text('totp_secret'),
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
    ...timestamps,
  },
  (table) => [index('loan_originators_org_code_idx').on(table.orgCode)],
);

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
    amountCents: integer('amount_cents').notNull().default(0),
    uwCalculatedDrawAmountCents: integer('uw_calculated_draw_amount_cents'),
    adjustedHomeAmountCents: integer('adjusted_home_amount_cents'),
    selectedPropertyUuid: uuid('selected_property_uuid').references(() => profileAddresses.uuid),
    statedAnnualIncomeCents: integer('stated_annual_income_cents'),
    employmentType: text('employment_type'),
    isCrypto: boolean('is_crypto').notNull().default(false),
    referrerUuid: uuid('referrer_uuid').references(() => loanOriginators.uuid),
    hasHmda: boolean('has_hmda').notNull().default(false),
    /** The browser's telemetry tracker (spec 2 §7 tracker-uuid update): ties the funnel to the application. */
    trackerUuid: uuid('tracker_uuid'),
    /** Session-replay link of the borrower's latest session (spec 2 §7 `PUT {app}/{uuid}/full-story-link`). */
    fullStoryLink: text('full_story_link'),
    /**
     * The application status object of spec 1 §3 (flags the browser routes by), kept by the
     * workflow as it moves; read as is by the polled status endpoint.
     */
    statusFlags: jsonb('status_flags').$type<Partial<TApplicationStatus>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [index('heloc_applications_identity_uuid_idx').on(table.identityUuid)],
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

/** Weekly hours per department; org_code '*' is the default every organisation inherits. */
export const operatingHours = pgTable(
  'operating_hours',
  {
    id: serial('id').primaryKey(),
    department: text('department').notNull(),
    orgCode: text('org_code').notNull().default('*'),
    /** 1 = Monday … 7 = Sunday (6 and 7 are the weekend). */
    weekdayValue: integer('weekday_value').notNull(),
    isOpen: boolean('is_open').notNull(),
    /** Wall-clock times in America/Los_Angeles, HH:mm. */
    startTime: text('start_time'),
    endTime: text('end_time'),
  },
  (table) => [unique('operating_hours_unique').on(table.department, table.orgCode, table.weekdayValue)],
);

/** Feature flags; org_code '*' is the default, an organisation's own row overrides it. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    key: text('key').notNull(),
    orgCode: text('org_code').notNull().default('*'),
    enabled: boolean('enabled').notNull(),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    description: text('description'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.orgCode] })],
);

/**
 * Durable background jobs (provider calls, document generation, waiting periods). A job is
 * claimed with FOR UPDATE SKIP LOCKED under a lease: a worker that dies mid-job loses the lease
 * and another instance picks the job up again. Finished jobs stay as a record.
 */
export const jobs = pgTable(
  'jobs',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued → running → succeeded | queued (retry) | dead (attempts exhausted). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Enqueueing the same key twice is a no-op: repeated writes stay idempotent. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('jobs_claim_idx').on(table.status, table.runAfter)],
);

/**
 * The append-only audit trail of every application: step changes and user actions — who, when,
 * from, to, why. A trigger (migration 0004) refuses UPDATE and DELETE on this table.
 */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: serial('id').primaryKey(),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** BORROWER, CO_DEEDER, STAFF, SYSTEM (jobs, waiting periods) or PROVIDER. */
    actorType: text('actor_type').notNull(),
    actorUuid: uuid('actor_uuid'),
    /** STEP_CHANGE or ACTION. */
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    fromStep: text('from_step'),
    toStep: text('to_step'),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('application_events_application_idx').on(table.applicationUuid, table.id)],
);

/** Consents the borrower gave on an application (SOFT_CREDIT, HARD_CREDIT, E-SIGN, …). */
export const applicationConsents = pgTable(
  'application_consents',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Version of the disclosure text the borrower saw. */
    disclosureVersion: text('disclosure_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('application_consents_type_unique').on(table.applicationUuid, table.type)],
);

/** Liens on the property, as found by the property-data provider and confirmed by the borrower. */
export const applicationLiens = pgTable('application_liens', {
  uuid: uuid('uuid')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  applicationUuid: uuid('application_uuid')
    .notNull()
    .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  lenderName: text('lender_name').notNull(),
  balanceCents: integer('balance_cents').notNull(),
  monthlyPaymentCents: integer('monthly_payment_cents'),
  /** PROVIDER (found) or BORROWER (added or corrected). */
  source: text('source').notNull(),
  confirmed: boolean('confirmed').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Offers priced for an application: one row per term and rate/fee choice. */
export const applicationOffers = pgTable('application_offers', {
  uuid: uuid('uuid')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  applicationUuid: uuid('application_uuid')
    .notNull()
    .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
  termYears: integer('term_years').notNull(),
  rateBps: integer('rate_bps').notNull(),
  originationFeeBps: integer('origination_fee_bps').notNull(),
  maxLineCents: integer('max_line_cents').notNull(),
  selected: boolean('selected').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Conditions the borrower (or staff) must clear (spec 1 §3 "Condition"). */
export const applicationConditions = pgTable(
  'application_conditions',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    notes: text('notes'),
    commentsToBorrower: text('comments_to_borrower'),
    actionNeeded: boolean('action_needed').notNull().default(true),
    requestDocuments: boolean('request_documents').notNull().default(false),
    numDocsRequired: integer('num_docs_required').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (table) => [index('application_conditions_application_idx').on(table.applicationUuid)],
);

/** Generated and uploaded documents; the bytes live in the file storage under `fileKey`. */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The owner a per-owner document (notice of right to cancel) is addressed to. */
    ownerIdentityUuid: uuid('owner_identity_uuid'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_documents_application_idx').on(table.applicationUuid)],
);

/** Messages to the CEO (spec 2 §2 "Share your thoughts with our CEO"), listed for lender staff. */
export const ceoFeedback = pgTable(
  'ceo_feedback',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    orgCode: text('org_code').notNull(),
    applicationUuid: uuid('application_uuid').references(() => helocApplications.uuid, {
      onDelete: 'set null',
    }),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    marketingConsent: boolean('marketing_consent').notNull(),
    pathname: text('pathname').notNull(),
    productType: text('product_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ceo_feedback_org_created_idx').on(table.orgCode, table.createdAt)],
);

/** Telemetry sessions (spec 2 §4): one per browser tab visit; the tracker outlives it (local storage). */
export const telemetrySessions = pgTable(
  'telemetry_sessions',
  {
    uuid: uuid('uuid').primaryKey(),
    trackerUuid: uuid('tracker_uuid').notNull(),
    /** Session start; the session key's epoch. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    orgCode: text('org_code'),
    context: text('context').notNull(),
    platform: text('platform').notNull(),
    libVersion: text('lib_version').notNull(),
    appVersion: text('app_version'),
    referrer: text('referrer'),
    queryParams: jsonb('query_params').$type<Record<string, unknown>>().notNull().default({}),
    screenWidth: integer('screen_width'),
    screenHeight: integer('screen_height'),
    windowWidth: integer('window_width'),
    windowHeight: integer('window_height'),
  },
  (table) => [index('telemetry_sessions_tracker_idx').on(table.trackerUuid)],
);

/**
 * Telemetry events, written in bulk by the in-memory batch writer. No foreign key to the session: a
 * batch never fails on one bad row, and the report joins what it needs. `dedupe_key` is null for
 * events that are never deduplicated; otherwise one row per session and key.
 */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionUuid: uuid('session_uuid').notNull(),
    trackerUuid: uuid('tracker_uuid').notNull(),
    orgCode: text('org_code'),
    context: text('context').notNull(),
    event: text('event').notNull(),
    eventType: text('event_type').notNull(),
    domain: text('domain').notNull(),
    pagePath: text('page_path').notNull(),
    queryParams: jsonb('query_params').$type<Record<string, unknown>>().notNull().default({}),
    identityUuid: uuid('identity_uuid'),
    applicationUuid: uuid('application_uuid'),
    productType: text('product_type'),
    eventProperties: jsonb('event_properties').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('telemetry_events_dedupe_unique').on(table.sessionUuid, table.dedupeKey),
    index('telemetry_events_org_event_idx').on(table.orgCode, table.event),
  ],
);

/**
 * Experiments on top of the feature flags (service-optimize v2 decision). Rows follow ZExperiment of
 * the domain package; bucketing is there too.
 */
export const experiments = pgTable('experiments', {
  key: text('key').primaryKey(),
  description: text('description'),
  /** RUNNING or PAUSED. */
  status: text('status').notNull(),
  featureKey: text('feature_key'),
  rolloutPercent: doublePrecision('rollout_percent').notNull(),
  /** Targeted organisations; null targets all. */
  orgCodes: jsonb('org_codes').$type<string[] | null>(),
  variations: jsonb('variations')
    .$type<{ key: string; weight: number; variables: Record<string, unknown> }[]>()
    .notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Errors the browser caught (network-type errors excluded at the source), for the team to read. */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    route: text('route').notNull(),
    release: text('release').notNull(),
    source: text('source').notNull(),
    orgCode: text('org_code'),
    sessionUuid: uuid('session_uuid'),
    applicationUuid: uuid('application_uuid'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_error_reports_created_idx').on(table.createdAt)],
);

/** The borrower's optimisation profile (spec 2 §7 optermizerly-profile): one per identity. */
export const optimizelyProfiles = pgTable('optimizely_profiles', {
  identityUuid: uuid('identity_uuid')
    .primaryKey()
    .references(() => identities.uuid, { onDelete: 'cascade' }),
  optimizelyProfileUuid: uuid('optimizely_profile_uuid').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
