/**
 * The borrower's transactional e-mails and reminders (issue 19): one row per e-mail the platform
 * decided to send, keyed by the event it is about (the unique `key` is the idempotency key: an
 * event never sends twice, whatever retries or replays), and the borrower's marketing opt-out.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { identities } from './identity';

export const borrowerMails = pgTable(
  'borrower_mails',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** `KIND:applicationUuid[:auditEventId]`, `REMINDER:applicationUuid:anchorEventId:n` (borrower-mail.ts). */
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    identityUuid: uuid('identity_uuid')
      .notNull()
      .references(() => identities.uuid, { onDelete: 'cascade' }),
    applicationUuid: uuid('application_uuid'),
    /** Facts the text needs (never PII beyond what the e-mail says: dates, a document's uuid). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** QUEUED → SENT, or SKIPPED (a reminder stopped: progress, opt-out, limit) with `skipReason`. */
    status: text('status').notNull().default('QUEUED'),
    skipReason: text('skip_reason'),
    /** The mailer's message id (the outbox row, or SMTP's Message-ID). */
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('borrower_mails_application_idx').on(table.applicationUuid, table.createdAt)],
);

/** Marketing-type mail (reminders) a borrower turned off through an e-mail's unsubscribe link. */
export const mailPreferences = pgTable('mail_preferences', {
  identityUuid: uuid('identity_uuid')
    .primaryKey()
    .references(() => identities.uuid, { onDelete: 'cascade' }),
  remindersOptOutAt: timestamp('reminders_opt_out_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
