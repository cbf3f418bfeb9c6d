/**
 * The SQL of the chat route files (routes/chatbot.ts, routes/conversation.ts, desk-routes.ts): they
 * call these and hold no query of their own. The live conversations themselves go through the
 * conversation service (postgres-service.ts).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type ChatMessageRow = typeof schema.chatMessages.$inferSelect;

/** The bot conversation's newest bot answers, newest first. */
export async function listBotAnswers(
  db: Executor,
  conversationUuid: string,
  limit: number,
): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(schema.chatMessages)
    .where(
      and(eq(schema.chatMessages.conversationUuid, conversationUuid), eq(schema.chatMessages.role, 'bot')),
    )
    .orderBy(desc(schema.chatMessages.id))
    .limit(limit);
}

/**
 * Records one chatbot exchange: the customer's question, the bot's answer, and the conversation's
 * new expiry (and its borrower, once signed in). Run it in one transaction; answers the bot's row.
 */
export async function insertBotExchange(
  tx: Executor,
  input: {
    conversationUuid: string;
    senderIdentity: string | null;
    question: string;
    answer: { text: string; topic: string | null };
    now: Date;
    expiresAt: Date;
    identityUuid: string | null;
  },
): Promise<ChatMessageRow> {
  await tx.insert(schema.chatMessages).values({
    conversationUuid: input.conversationUuid,
    role: 'customer',
    author: 'You',
    senderIdentity: input.senderIdentity,
    body: input.question,
    createdAt: input.now,
  });
  const [inserted] = await tx
    .insert(schema.chatMessages)
    .values({
      conversationUuid: input.conversationUuid,
      role: 'bot',
      author: 'Chatbot',
      body: input.answer.text,
      question: input.question,
      topic: input.answer.topic,
      createdAt: input.now,
    })
    .returning();
  await tx
    .update(schema.chatConversations)
    .set({ expiresAt: input.expiresAt, ...(input.identityUuid && { identityUuid: input.identityUuid }) })
    .where(eq(schema.chatConversations.uuid, input.conversationUuid));
  return inserted!;
}

/** Stores the rating of one bot answer (a repeat replaces it); false when there is no such answer. */
export async function rateBotAnswer(
  db: Executor,
  input: { questionId: string; conversationId: string; feedback: ChatMessageRow['feedback'] },
): Promise<boolean> {
  const [row] = await db
    .update(schema.chatMessages)
    .set({ feedback: input.feedback })
    .where(
      and(
        eq(schema.chatMessages.uuid, input.questionId),
        eq(schema.chatMessages.conversationUuid, input.conversationId),
        eq(schema.chatMessages.role, 'bot'),
      ),
    )
    .returning({ uuid: schema.chatMessages.uuid });
  return row !== undefined;
}

/** The attachments of every message of a conversation. */
export async function listConversationMedia(db: Executor, conversationUuid: string) {
  const rows = await db
    .select({ media: schema.chatMessages.media })
    .from(schema.chatMessages)
    .where(eq(schema.chatMessages.conversationUuid, conversationUuid));
  return rows.flatMap((row) => row.media);
}

/** The applications with these ids (the desk shows each chat's application step). */
export async function listApplicationsByUuid(db: Executor, uuids: readonly string[]) {
  if (uuids.length === 0) return [];
  return db
    .select()
    .from(schema.helocApplications)
    .where(inArray(schema.helocApplications.uuid, [...uuids]));
}

/** The profiles of these identities. */
export async function listProfilesOf(db: Executor, identityUuids: readonly string[]) {
  if (identityUuids.length === 0) return [];
  return db
    .select()
    .from(schema.profiles)
    .where(inArray(schema.profiles.identityUuid, [...identityUuids]));
}
