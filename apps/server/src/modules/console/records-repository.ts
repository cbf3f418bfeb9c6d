/**
 * SQL of the file's second part (records.ts): the sealed values a reveal opens, staff notes and the
 * borrower's chat conversations with their messages. Who may read them is decided by the caller.
 */
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { schema, type Executor } from '../../db';

const a = schema.helocApplications;

/** The application's step and borrower, and the borrower's sealed SSN (null when none is on file). */
export async function selectSealedSsn(db: Executor, applicationUuid: string) {
  const [row] = await db
    .select({
      application: a,
      sealed: schema.profiles.ssnEncrypted,
    })
    .from(a)
    .leftJoin(schema.profiles, eq(schema.profiles.identityUuid, a.identityUuid))
    .where(eq(a.uuid, applicationUuid));
  return row ?? null;
}

/** The application's row and its sealed account number for one purpose (null when none). */
export async function selectSealedAccount(db: Executor, applicationUuid: string, purpose: string) {
  const [row] = await db
    .select({
      application: a,
      sealed: schema.applicationAccounts.accountNumberSealed,
    })
    .from(a)
    .leftJoin(
      schema.applicationAccounts,
      and(
        eq(schema.applicationAccounts.applicationUuid, a.uuid),
        eq(schema.applicationAccounts.purpose, purpose),
      ),
    )
    .where(eq(a.uuid, applicationUuid));
  return row ?? null;
}

const n = schema.applicationStaffNotes;

export async function insertStaffNote(
  db: Executor,
  note: { applicationUuid: string; authorUuid: string; body: string; createdAt: Date },
) {
  const [row] = await db.insert(n).values(note).returning();
  return row!;
}

/** The application's notes, newest first, with the author's e-mail (one statement). */
export async function selectStaffNotes(db: Executor, applicationUuid: string, noteUuid?: string) {
  return db
    .select({ note: n, author: schema.identities.email })
    .from(n)
    .innerJoin(schema.identities, eq(schema.identities.uuid, n.authorUuid))
    .where(and(eq(n.applicationUuid, applicationUuid), noteUuid ? eq(n.uuid, noteUuid) : undefined))
    .orderBy(desc(n.createdAt), desc(n.uuid))
    .limit(500);
}

const c = schema.chatConversations;
const m = schema.chatMessages;

/**
 * The borrower's conversations for this application: those naming it, and those the borrower
 * started signed in to its organisation without naming an application (the chatbot, a chat from the
 * dashboard). Newest first, at most 50; then every message of those in one statement.
 */
export async function selectChatTranscripts(
  db: Executor,
  application: { uuid: string; identityUuid: string; orgCode: string },
) {
  const conversations = await db
    .select()
    .from(c)
    .where(
      or(
        eq(c.applicationUuid, application.uuid),
        and(
          eq(c.identityUuid, application.identityUuid),
          eq(c.orgCode, application.orgCode),
          isNull(c.applicationUuid),
        ),
      ),
    )
    .orderBy(desc(c.createdAt), desc(c.uuid))
    .limit(50);
  const messages = conversations.length
    ? await db
        .select()
        .from(m)
        .where(
          inArray(
            m.conversationUuid,
            conversations.map((conversation) => conversation.uuid),
          ),
        )
        .orderBy(asc(m.id))
    : [];
  return { conversations, messages };
}

/** The application's borrower, organisation and step (the transcripts' scope, a note's audit entry). */
export async function selectApplicationOwner(db: Executor, applicationUuid: string) {
  const [row] = await db
    .select({ uuid: a.uuid, identityUuid: a.identityUuid, orgCode: a.orgCode, step: a.step })
    .from(a)
    .where(eq(a.uuid, applicationUuid));
  return row ?? null;
}
