/** Organisation settings versions (issue 16: self-serve settings). (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { TOrgSettings } from '@heloc/domain';
import { identities, organisations } from './identity';

/**
 * Every version of an organisation's settings document, never changed once written except for
 * its publication: version 1 is the seed file's, each edit a new draft, a rollback a new version
 * copying an older one. The organisation's published version is `organisations.settings_version`.
 */
export const organisationSettingsVersions = pgTable(
  'organisation_settings_versions',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orgCode: text('org_code')
      .notNull()
      .references(() => organisations.orgCode),
    version: integer('version').notNull(),
    settings: jsonb('settings').$type<TOrgSettings>().notNull(),
    note: text('note').notNull(),
    /** null: the seed file (version 1). */
    createdByUuid: uuid('created_by_uuid').references(() => identities.uuid),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedByUuid: uuid('published_by_uuid').references(() => identities.uuid),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A rollback: the version whose settings it copies. */
    rolledBackFrom: integer('rolled_back_from'),
  },
  (table) => [
    unique('organisation_settings_versions_org_version').on(table.orgCode, table.version),
    index('organisation_settings_versions_org_idx').on(table.orgCode, table.createdAt),
  ],
);
