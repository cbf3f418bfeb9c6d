/** Additional signers (co-deeders). (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { identities } from './identity';
import { helocApplications } from './applications';

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
