import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Mailer, MailMessage, SentMail } from './mailer';

/** A kept message: attachments are listed by name, type and size (their bytes are not kept twice). */
export type OutboxEntry = Omit<MailMessage, 'attachments'> & {
  id: string;
  from: string;
  createdAt: Date;
  attachments: { fileName: string; contentType: string; sizeBytes: number }[];
};

/** Stores each message in `mail_outbox` instead of delivering it (the embedded default). */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        sender: this.from,
        recipient: message.to.trim().toLowerCase(),
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        orgCode: message.orgCode ?? null,
        attachments: message.attachments?.map((file) => ({
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.content.byteLength,
        })),
        createdAt: this.clock.now(),
      })
      .returning({ id: mailOutbox.id });
    return { id: row!.id };
  }
}

/** The newest messages first, optionally only those to one address (case-insensitive). */
export async function readOutbox(
  db: Database,
  { to, limit = 20 }: { to?: string; limit?: number } = {},
): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.recipient, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map(toEntry);
}

/** One kept message by id (the staff viewer), or null. */
export async function readOutboxEntry(db: Database, id: string): Promise<OutboxEntry | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? toEntry(row) : null;
}

function toEntry(row: typeof mailOutbox.$inferSelect): OutboxEntry {
  return {
    id: row.id,
    from: row.sender,
    to: row.recipient,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody !== null && { html: row.htmlBody }),
    ...(row.orgCode !== null && { orgCode: row.orgCode }),
    attachments: row.attachments ?? [],
    createdAt: row.createdAt,
  };
}
