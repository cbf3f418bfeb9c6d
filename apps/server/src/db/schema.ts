/**
 * The database schema (Drizzle). Migrations in ../../drizzle are generated from this file with
 * `npm run db:generate` and applied at start; never edit a generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
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
 * Lender staff: the identity (profile type STAFF) of one organisation, or platform staff (`org_code`
 * null: every organisation), with one or more roles (packages/domain/src/staff.ts). A disabled
 * member cannot sign in and every session of theirs ended when they were disabled.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    identityUuid: uuid('identity_uuid')
      .primaryKey()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    orgCode: text('org_code').references(() => organisations.orgCode),
    roles: jsonb('roles').$type<string[]>().notNull(),
    /** A loan officer's own originator record: their pipeline is the applications it referred. */
    loanOriginatorUuid: uuid('loan_originator_uuid').references(() => loanOriginators.uuid),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('staff_members_org_code_idx').on(table.orgCode)],
);

/** A staff member's saved pipeline views (the console): a name and the pipeline's query string. */
export const staffSavedViews = pgTable(
  'staff_saved_views',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('staff_saved_views_identity_name_unique').on(table.identityUuid, table.name)],
);

/** One-time staff invitations: the e-mailed link holds the token, the table only its SHA-256. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    orgCode: text('org_code').references(() => organisations.orgCode),
    roles: jsonb('roles').$type<string[]>().notNull(),
    invitedBy: uuid('invited_by').references(() => identities.uuid, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_invites_email_idx').on(table.email)],
);

/**
 * Who did what to whom among staff (invitations, roles, disabling) and every read of an
 * organisation's data by platform staff. Append-only (the application of this table never updates).
 */
export const staffAuditEvents = pgTable(
  'staff_audit_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUuid: uuid('actor_uuid'),
    actorEmail: text('actor_email'),
    /** STAFF_INVITED, INVITE_ACCEPTED, ROLES_CHANGED, STAFF_DISABLED, STAFF_ENABLED, PLATFORM_READ, … */
    action: text('action').notNull(),
    /** The organisation acted on (null: all organisations). */
    orgCode: text('org_code'),
    targetUuid: uuid('target_uuid'),
    targetEmail: text('target_email'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('staff_audit_events_org_idx').on(table.orgCode, table.id)],
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
  /** bigint: a lien balance may be up to LIEN_BALANCE_MAX_CENTS (10^10), beyond a 32-bit integer. */
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
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
    /**
     * How staff closed it in the lender console: CLEARED (with a document as evidence) or WAIVED (with
     * a reason); null while open, and when the borrower's upload or the engine cleared it.
     */
    resolution: text('resolution'),
    resolvedByUuid: uuid('resolved_by_uuid'),
    evidenceDocumentUuid: uuid('evidence_document_uuid'),
    /** The waiver's reason, or the note that came with clearing. */
    resolutionNote: text('resolution_note'),
  },
  (table) => [index('application_conditions_application_idx').on(table.applicationUuid)],
);

/**
 * Staff decisions on an application (the lender console's Decisions, issue 15): decline with
 * Regulation B reasons, cancel, and the out-of-policy ones a second person approves (maker-checker).
 * `status`: APPLIED (taken and moved through the engine), PROPOSED (waiting for a second member),
 * REJECTED (the second member refused it). `details` holds the decision's own fields (reasons, …).
 */
export const applicationDecisions = pgTable(
  'application_decisions',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Why, in the proposer's (or the sole decider's) words. */
    note: text('note').notNull(),
    proposedByUuid: uuid('proposed_by_uuid').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    /** The second member (maker-checker), or the decider themselves for an in-policy decision. */
    decidedByUuid: uuid('decided_by_uuid'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
  },
  (table) => [index('application_decisions_application_idx').on(table.applicationUuid, table.proposedAt)],
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

/**
 * E-mail kept instead of delivered (MAIL_TRANSPORT=outbox, the embedded default): read it with
 * `npm run mail:outbox`. Never used when mail goes through SMTP.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    sender: text('sender').notNull(),
    /** Lower-cased, so the listing can filter by address. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    orgCode: text('org_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_recipient_idx').on(table.recipient, table.createdAt)],
);

/**
 * The closing half of an application (income → funding), one row per application: what the borrower
 * chose (pay type, notary) and the dates the waiting periods run on. Kept apart from
 * heloc_applications so the pre-submission fields and these evolve without touching each other.
 */
export const applicationClosing = pgTable('application_closing', {
  applicationUuid: uuid('application_uuid')
    .primaryKey()
    .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
  /** AUTOPAY or MANUAL. */
  payType: text('pay_type'),
  /** ENOTARY or MANUAL. */
  notaryMethod: text('notary_method'),
  requestedManualNotaryTime: timestamp('requested_manual_notary_time', { withTimezone: true }),
  floodInsuranceRequired: boolean('flood_insurance_required'),
  insuranceComplete: boolean('insurance_complete').notNull().default(false),
  /** yyyy-MM-dd of the last signature: the three rescission business days run from it. */
  transactionDate: date('transaction_date', { mode: 'string' }),
  rescissionDeadline: date('rescission_deadline', { mode: 'string' }),
  fundingDate: date('funding_date', { mode: 'string' }),
  fundedAt: timestamp('funded_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Bank accounts of an application (disbursement, autopay). The account number is sealed with
 * AES-256-GCM (lib/sealed.ts) bound to the row's application and purpose; only its last 4 are kept
 * in clear. One live account per purpose.
 */
export const applicationAccounts = pgTable(
  'application_accounts',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    /** DISBURSEMENT or AUTOPAY. */
    purpose: text('purpose').notNull(),
    /** LINKED (from a bank link) or MANUAL (typed routing and account number). */
    source: text('source').notNull(),
    accountType: text('account_type').notNull(),
    routingNumber: text('routing_number').notNull(),
    accountNumberSealed: text('account_number_sealed').notNull(),
    mask: text('mask').notNull(),
    bankName: text('bank_name'),
    /** VERIFIED or PENDING_REVIEW once the account check ran; null before. */
    verificationStatus: text('verification_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('application_accounts_purpose_unique').on(table.applicationUuid, table.purpose)],
);

/** Verified income sources (spec 1 §3 incomeSources). */
export const applicationIncomeSources = pgTable(
  'application_income_sources',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    employmentType: text('employment_type').notNull(),
    employerName: text('employer_name'),
    /** bigint: the domain accepts up to $100,000,000 (10^10 cents), beyond a 32-bit integer. */
    annualIncomeCents: bigint('annual_income_cents', { mode: 'number' }),
    /** LINK (bank or payroll) or DOCUMENTS (upload path). */
    verifiedBy: text('verified_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_income_sources_application_idx').on(table.applicationUuid)],
);

/**
 * Electronic signatures of closing documents: one per document and signer, with the E-SIGN consent
 * and the scroll-to-bottom acknowledgement the borrower gave for it.
 */
export const applicationSignatures = pgTable(
  'application_signatures',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    documentUuid: uuid('document_uuid')
      .notNull()
      .references(() => applicationDocuments.uuid, { onDelete: 'cascade' }),
    signerIdentityUuid: uuid('signer_identity_uuid').notNull(),
    esignConsentVersion: text('esign_consent_version').notNull(),
    scrolledToBottom: boolean('scrolled_to_bottom').notNull(),
    /** SHA-256 of the document as signed (the document's bytes cannot change under a signature). */
    documentSha256: text('document_sha256').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** Where the signer was (ZSigningLocation), when their browser shared it. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationAccuracyMeters: doublePrecision('location_accuracy_meters'),
  },
  (table) => [
    unique('application_signatures_document_signer_unique').on(table.documentUuid, table.signerIdentityUuid),
  ],
);

// ---------------------------------------------------------------------------------------------
// Web chat (spec 2 §3, §4, §7): our own conversation service behind the live-agent modes, and the
// chatbot's question/answer log. One conversation per chat; participants are the borrower (or
// visitor), the agent who accepted it, or the bot.
// ---------------------------------------------------------------------------------------------

/** Attachment metadata kept on a message; the bytes live in file storage under `storageKey`. */
export type ChatMediaRecord = {
  sid: string;
  filename: string;
  size: number;
  contentType: string;
  storageKey: string;
};

export const chatConversations = pgTable(
  'chat_conversations',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** LIVE (agent) or BOT (chatbot). */
    kind: text('kind').notNull(),
    /** LIVE: WAITING → ACTIVE → ENDED; BOT: ACTIVE until it expires. */
    status: text('status').notNull(),
    orgCode: text('org_code').notNull(),
    /** The signed-in borrower (through the chat nonce), null for a visitor. */
    identityUuid: uuid('identity_uuid').references(() => identities.uuid, { onDelete: 'set null' }),
    applicationUuid: uuid('application_uuid').references(() => helocApplications.uuid, {
      onDelete: 'set null',
    }),
    friendlyName: text('friendly_name'),
    emailAddress: text('email_address'),
    skill: text('skill'),
    tag: text('tag'),
    pageUrl: text('page_url'),
    chatMode: text('chat_mode'),
    /** Extra attributes of initWebChat (loanNumber, prodType). */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /** Dev agent picker: the agent asked for (the conversation still waits for them to accept). */
    targetAgentUuid: uuid('target_agent_uuid'),
    agentUuid: uuid('agent_uuid').references(() => identities.uuid, { onDelete: 'set null' }),
    agentName: text('agent_name'),
    /** The contact id of the survey link (web-chat-info). */
    contactId: text('contact_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** BOT: the session's end, pushed back on every question. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('chat_conversations_status_idx').on(table.kind, table.status, table.createdAt)],
);

export const chatParticipants = pgTable(
  'chat_participants',
  {
    id: serial('id').primaryKey(),
    conversationUuid: uuid('conversation_uuid')
      .notNull()
      .references(() => chatConversations.uuid, { onDelete: 'cascade' }),
    /** customer, agent or bot (ZChatMessageRole). */
    role: text('role').notNull(),
    identityUuid: uuid('identity_uuid'),
    displayName: text('display_name').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (table) => [unique('chat_participants_unique').on(table.conversationUuid, table.role, table.identityUuid)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    conversationUuid: uuid('conversation_uuid')
      .notNull()
      .references(() => chatConversations.uuid, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    author: text('author').notNull(),
    senderIdentity: text('sender_identity'),
    body: text('body'),
    media: jsonb('media').$type<ChatMediaRecord[]>().notNull().default([]),
    /** Chatbot answers: the question they answer, the topic found, and the borrower's rating. */
    question: text('question'),
    topic: text('topic'),
    feedback: jsonb('feedback').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_conversation_idx').on(table.conversationUuid, table.id)],
);

/** Borrower authentication for chat (webchat/authenticate): a short-lived nonce, refreshed every minute. */
export const chatNonces = pgTable('chat_nonces', {
  /** SHA-256 of the nonce: the table never holds a usable value. */
  nonceHash: text('nonce_hash').primaryKey(),
  identityUuid: uuid('identity_uuid')
    .notNull()
    .references(() => identities.uuid, { onDelete: 'cascade' }),
  orgCode: text('org_code').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * Additional signers (co-deeders): every other owner on title, invited by the primary borrower by name
 * and e-mail. The invitation link's token is kept only as a SHA-256 hash, with its expiry; re-sending
 * replaces the hash (the old link stops working) and accepting clears it (a link works once). The
 * signer's own progress (identity → e-signature → notary) is recorded here, never on the primary's rows.
 */
export const coDeedSigners = pgTable(
  'co_deed_signers',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The CO_DEEDER identity, once the invitation is accepted. */
    identityUuid: uuid('identity_uuid').references(() => identities.uuid),
    /** INVITED, ACCEPTED, IDENTITY_VERIFIED, SIGNED, COMPLETE or CANCELLED. */
    status: text('status').notNull(),
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The notarised signature of the deed: the signer's last signature. */
    notarizedAt: timestamp('notarized_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The open notary session while one runs. */
    notarySession: jsonb('notary_session').$type<Record<string, unknown>>(),
    /** The signer's conditions (IDENTITY, UPLOAD_DOCUMENT), shown behind fe-heloc-additional-signer-conditions. */
    conditions: jsonb('conditions').$type<CoDeedCondition[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    index('co_deed_signers_application_idx').on(table.applicationUuid),
    index('co_deed_signers_identity_idx').on(table.identityUuid),
  ],
);

export type CoDeedCondition = {
  uuid: string;
  type: 'IDENTITY' | 'UPLOAD_DOCUMENT';
  description: string;
  createdAt: string;
  clearedAt: string | null;
  documentUuid: string | null;
};

/**
 * Key versions of the sealed fields (lib/sealed.ts): the highest is the one new values are sealed
 * under; `npm run keys:rotate` adds one and re-seals every sealed field. Empty: version 2.
 */
export const dataKeyVersions = pgTable('data_key_versions', {
  version: integer('version').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Values re-sealed by the rotation that created this version (filled when it finishes). */
  resealed: integer('resealed'),
});
/** bytea as a Uint8Array (node-postgres answers a Buffer, PGlite a Uint8Array: both are one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Documents kept in the database (storage/postgres.ts): the storage every instance reads when
 * several share one PostgreSQL and no S3 bucket is configured (DESIGN.md §10).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every instance (lib/rate-limit-store.ts): one row per limited key
 * and route, counting requests until `expires_at`, so N instances do not multiply a limit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_idx').on(table.expiresAt)],
);
