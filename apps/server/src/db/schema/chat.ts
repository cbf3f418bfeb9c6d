/** Web chat and CEO feedback. (Part of the schema: ./index.ts re-exports every file.) */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { identities } from './identity';
import { helocApplications } from './applications';

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
