import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Mailer, MailMessage, SentMail } from './mailer';

export type OutboxEntry = MailMessage & { id: string; from: string; createdAt: Date };

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
  return rows.map((row) => ({
    id: row.id,
    from: row.sender,
    to: row.recipient,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody !== null && { html: row.htmlBody }),
    ...(row.orgCode !== null && { orgCode: row.orgCode }),
    createdAt: row.createdAt,
  }));
}
