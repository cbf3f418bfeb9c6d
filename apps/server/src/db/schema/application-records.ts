/** What an application accumulates: events, consents, liens, offers, conditions, documents, closing, accounts, income, signatures. (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  date,
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
import { helocApplications } from './applications';

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

/**
 * Staff notes on an application (lender console): internal, never shown to the borrower, never
 * edited or deleted (a correction is a new note); each one is also an audit entry (STAFF_NOTE_ADDED).
 */
export const applicationStaffNotes = pgTable(
  'application_staff_notes',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => helocApplications.uuid, { onDelete: 'cascade' }),
    authorUuid: uuid('author_uuid').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('application_staff_notes_application_idx').on(table.applicationUuid, table.createdAt)],
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
