/** Staff members, their saved views, invitations and audit trail. (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { identities, organisations } from './identity';
import { loanOriginators } from './profile';

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
