/**
 * The conversation service behind the live-agent chat modes. Our implementation keeps
 * conversations, participants and messages in PostgreSQL (postgres-service.ts) and fans events out
 * across instances with LISTEN/NOTIFY; a hosted chat provider can replace it by implementing this
 * interface (the HTTP calls and the websocket only speak to it).
 */
import type {
  TChatConversationStatus,
  TChatMessage,
  TChatMessageRole,
  TChatSocketEvent,
} from '@heloc/domain';

export type ConversationRecord = {
  uuid: string;
  kind: 'LIVE' | 'BOT';
  status: TChatConversationStatus;
  orgCode: string;
  identityUuid: string | null;
  applicationUuid: string | null;
  friendlyName: string | null;
  emailAddress: string | null;
  skill: string | null;
  tag: string | null;
  pageUrl: string | null;
  attributes: Record<string, string>;
  targetAgentUuid: string | null;
  agentUuid: string | null;
  agentName: string | null;
  contactId: string;
  createdAt: Date;
  acceptedAt: Date | null;
  endedAt: Date | null;
  expiresAt: Date | null;
};

export type StartConversation = {
  kind: 'LIVE' | 'BOT';
  orgCode: string;
  identityUuid: string | null;
  applicationUuid: string | null;
  friendlyName: string | null;
  emailAddress: string | null;
  skill: string | null;
  tag: string | null;
  pageUrl: string | null;
  chatMode: string | null;
  attributes: Record<string, string>;
  targetAgentUuid: string | null;
  expiresAt: Date | null;
};

export type ChatSender = {
  role: TChatMessageRole;
  author: string;
  identity: string | null;
};

export type NewMedia = {
  sid: string;
  filename: string;
  size: number;
  contentType: string;
  storageKey: string;
};

export type HistoryPage = { messages: TChatMessage[]; hasMore: boolean };

export interface ConversationService {
  start(
    input: StartConversation,
    firstMessage: { sender: ChatSender; body: string } | null,
  ): Promise<ConversationRecord>;
  get(uuid: string): Promise<ConversationRecord | null>;
  /** The latest `limit` messages (before the message `beforeSid`, when given), oldest first. */
  history(uuid: string, options: { limit: number; beforeSid?: string | null }): Promise<HistoryPage>;
  countMessages(uuid: string, role?: TChatMessageRole): Promise<number>;
  post(uuid: string, sender: ChatSender, body: string | null, media: NewMedia[]): Promise<TChatMessage>;
  /** An agent takes a waiting conversation; false when someone else already did (or it ended). */
  accept(uuid: string, agent: { identityUuid: string; name: string }): Promise<boolean>;
  end(uuid: string): Promise<boolean>;
  typing(uuid: string, role: TChatMessageRole, preview: string): Promise<void>;
  /** Waiting conversations, and the active ones of this agent, oldest first; of one organisation, or all (null). */
  deskList(agentUuid: string, orgCode: string | null): Promise<ConversationRecord[]>;
  /** Events of every instance (messages, typing, joins, ends, queue changes). */
  subscribe(listener: (event: TChatSocketEvent) => void): () => void;
  close(): Promise<void>;
}
