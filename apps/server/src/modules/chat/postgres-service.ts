/**
 * Our conversation service on PostgreSQL. Every change is written first, then announced with
 * pg_notify on one channel; each instance LISTENs and hands the events to its local subscribers
 * (the websockets it holds), so a borrower on one instance and an agent on another see each other.
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import {
  ZChatSocketEvent,
  type TChatMessage,
  type TChatMessageRole,
  type TChatSocketEvent,
} from '@heloc/domain';
import { schema, type Database, type DatabaseHandle, type Executor } from '../../db';
import type { Clock } from '../../lib/clock';
import type {
  ChatSender,
  ConversationRecord,
  ConversationService,
  HistoryPage,
  NewMedia,
  StartConversation,
} from './provider';

export const CHAT_NOTIFY_CHANNEL = 'heloc_chat';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const NOTIFY_MAX_BYTES = 7900;

type MessageRow = typeof schema.chatMessages.$inferSelect;
type ConversationRow = typeof schema.chatConversations.$inferSelect;

export function toChatMessage(row: MessageRow): TChatMessage {
  return {
    sid: row.uuid,
    author: row.author,
    body: row.body,
    media: row.media.map(({ sid, filename, size, contentType }) => ({ sid, filename, size, contentType })),
    dateCreated: row.createdAt.toISOString(),
    senderIdentity: row.senderIdentity,
    role: row.role as TChatMessageRole,
  };
}

function toRecord(row: ConversationRow): ConversationRecord {
  return {
    uuid: row.uuid,
    kind: row.kind as ConversationRecord['kind'],
    status: row.status as ConversationRecord['status'],
    orgCode: row.orgCode,
    identityUuid: row.identityUuid,
    applicationUuid: row.applicationUuid,
    friendlyName: row.friendlyName,
    emailAddress: row.emailAddress,
    skill: row.skill,
    tag: row.tag,
    pageUrl: row.pageUrl,
    attributes: row.attributes,
    targetAgentUuid: row.targetAgentUuid,
    agentUuid: row.agentUuid,
    agentName: row.agentName,
    contactId: row.contactId,
    createdAt: row.createdAt,
    acceptedAt: row.acceptedAt,
    endedAt: row.endedAt,
    expiresAt: row.expiresAt,
  };
}

/** A ten-digit contact id for the survey link (the hosted providers' contact ids are numeric). */
function newContactId(): string {
  return String(randomInt(1_000_000_000, 9_999_999_999));
}

export class PostgresConversationService implements ConversationService {
  private readonly listeners = new Set<(event: TChatSocketEvent) => void>();
  private unlisten: (() => Promise<void>) | null = null;

  private constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly onBadPayload: (error: unknown) => void,
  ) {}

  static async create(
    database: Pick<DatabaseHandle, 'db' | 'listen'>,
    clock: Clock,
    onBadPayload: (error: unknown) => void = () => undefined,
  ): Promise<PostgresConversationService> {
    const service = new PostgresConversationService(database.db, clock, onBadPayload);
    service.unlisten = await database.listen(CHAT_NOTIFY_CHANNEL, (payload) => service.dispatch(payload));
    return service;
  }

  private dispatch(payload: string): void {
    let event: TChatSocketEvent;
    try {
      event = ZChatSocketEvent.parse(JSON.parse(payload));
    } catch (error) {
      this.onBadPayload(error);
      return;
    }
    for (const listener of this.listeners) listener(event);
  }

  private async publish(executor: Executor, event: TChatSocketEvent): Promise<void> {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) {
      // Too big for one NOTIFY (many multi-byte characters): clients re-read the conversation.
      if (!('conversationSid' in event)) return;
      return this.publish(executor, { type: 'resync', conversationSid: event.conversationSid });
    }
    await executor.execute(sql`select pg_notify(${CHAT_NOTIFY_CHANNEL}, ${payload})`);
  }

  subscribe(listener: (event: TChatSocketEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }

  async start(
    input: StartConversation,
    firstMessage: { sender: ChatSender; body: string } | null,
  ): Promise<ConversationRecord> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(schema.chatConversations)
        .values({
          kind: input.kind,
          status: input.kind === 'LIVE' ? 'WAITING' : 'ACTIVE',
          orgCode: input.orgCode,
          identityUuid: input.identityUuid,
          applicationUuid: input.applicationUuid,
          friendlyName: input.friendlyName,
          emailAddress: input.emailAddress,
          skill: input.skill,
          tag: input.tag,
          pageUrl: input.pageUrl,
          chatMode: input.chatMode,
          attributes: input.attributes,
          targetAgentUuid: input.targetAgentUuid,
          contactId: newContactId(),
          createdAt: now,
          expiresAt: input.expiresAt,
        })
        .returning();
      const conversation = row!;
      await tx.insert(schema.chatParticipants).values({
        conversationUuid: conversation.uuid,
        role: 'customer',
        identityUuid: input.identityUuid,
        displayName: input.friendlyName ?? 'Visitor',
        joinedAt: now,
      });
      if (firstMessage) {
        await tx.insert(schema.chatMessages).values({
          conversationUuid: conversation.uuid,
          role: firstMessage.sender.role,
          author: firstMessage.sender.author,
          senderIdentity: firstMessage.sender.identity,
          body: firstMessage.body,
          createdAt: now,
        });
      }
      if (input.kind === 'LIVE')
        await this.publish(tx, { type: 'queue', conversationSid: conversation.uuid });
      return toRecord(conversation);
    });
  }

  async get(uuid: string): Promise<ConversationRecord | null> {
    const [row] = await this.db
      .select()
      .from(schema.chatConversations)
      .where(eq(schema.chatConversations.uuid, uuid));
    return row ? toRecord(row) : null;
  }

  async history(uuid: string, options: { limit: number; beforeSid?: string | null }): Promise<HistoryPage> {
    const conditions = [eq(schema.chatMessages.conversationUuid, uuid)];
    if (options.beforeSid) {
      const [before] = await this.db
        .select({ id: schema.chatMessages.id })
        .from(schema.chatMessages)
        .where(
          and(
            eq(schema.chatMessages.uuid, options.beforeSid),
            eq(schema.chatMessages.conversationUuid, uuid),
          ),
        );
      if (!before) return { messages: [], hasMore: false };
      conditions.push(lt(schema.chatMessages.id, before.id));
    }
    const rows = await this.db
      .select()
      .from(schema.chatMessages)
      .where(and(...conditions))
      .orderBy(desc(schema.chatMessages.id))
      .limit(options.limit + 1);
    const hasMore = rows.length > options.limit;
    return { messages: rows.slice(0, options.limit).reverse().map(toChatMessage), hasMore };
  }

  async countMessages(uuid: string, role?: TChatMessageRole): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.chatMessages)
      .where(
        and(
          eq(schema.chatMessages.conversationUuid, uuid),
          ...(role ? [eq(schema.chatMessages.role, role)] : []),
        ),
      );
    return Number(row?.count ?? 0);
  }

  async post(
    uuid: string,
    sender: ChatSender,
    body: string | null,
    media: NewMedia[],
  ): Promise<TChatMessage> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(schema.chatMessages)
        .values({
          conversationUuid: uuid,
          role: sender.role,
          author: sender.author,
          senderIdentity: sender.identity,
          body,
          media,
          createdAt: this.clock.now(),
        })
        .returning();
      const message = toChatMessage(row!);
      await this.publish(tx, { type: 'message', conversationSid: uuid, message });
      return message;
    });
  }

  async accept(uuid: string, agent: { identityUuid: string; name: string }): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(schema.chatConversations)
        .set({ status: 'ACTIVE', agentUuid: agent.identityUuid, agentName: agent.name, acceptedAt: now })
        .where(
          and(
            eq(schema.chatConversations.uuid, uuid),
            eq(schema.chatConversations.kind, 'LIVE'),
            eq(schema.chatConversations.status, 'WAITING'),
          ),
        )
        .returning({ uuid: schema.chatConversations.uuid });
      if (!row) return false;
      await tx
        .insert(schema.chatParticipants)
        .values({
          conversationUuid: uuid,
          role: 'agent',
          identityUuid: agent.identityUuid,
          displayName: agent.name,
          joinedAt: now,
        })
        .onConflictDoNothing();
      await this.publish(tx, { type: 'agentJoined', conversationSid: uuid, agentName: agent.name });
      await this.publish(tx, { type: 'queue', conversationSid: uuid });
      return true;
    });
  }

  async end(uuid: string): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(schema.chatConversations)
        .set({ status: 'ENDED', endedAt: now })
        .where(
          and(
            eq(schema.chatConversations.uuid, uuid),
            inArray(schema.chatConversations.status, ['WAITING', 'ACTIVE']),
          ),
        )
        .returning({ uuid: schema.chatConversations.uuid });
      if (!row) return false;
      await tx
        .update(schema.chatParticipants)
        .set({ leftAt: now })
        .where(eq(schema.chatParticipants.conversationUuid, uuid));
      await this.publish(tx, { type: 'ended', conversationSid: uuid });
      await this.publish(tx, { type: 'queue', conversationSid: uuid });
      return true;
    });
  }

  async typing(uuid: string, role: TChatMessageRole, preview: string): Promise<void> {
    await this.publish(this.db, {
      type: 'typing',
      conversationSid: uuid,
      role,
      preview: preview.slice(0, 500),
    });
  }

  async deskList(agentUuid: string, orgCode: string | null): Promise<ConversationRecord[]> {
    const rows = await this.db
      .select()
      .from(schema.chatConversations)
      .where(
        and(
          eq(schema.chatConversations.kind, 'LIVE'),
          ...(orgCode === null ? [] : [eq(schema.chatConversations.orgCode, orgCode)]),
          or(
            eq(schema.chatConversations.status, 'WAITING'),
            and(
              eq(schema.chatConversations.status, 'ACTIVE'),
              eq(schema.chatConversations.agentUuid, agentUuid),
            ),
          ),
        ),
      )
      .orderBy(asc(schema.chatConversations.createdAt))
      .limit(200);
    return rows.map(toRecord);
  }
}
