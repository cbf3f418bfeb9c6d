import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export type { Mailer, MailAttachment, MailMessage, SentMail } from './mailer';
export { OutboxMailer, readOutbox, readOutboxEntry, type OutboxEntry } from './outbox-mailer';
export { SmtpMailer } from './smtp-mailer';

export function createMailer(config: Config, db: Database, clock: Clock): Mailer {
  return config.mail.transport === 'smtp'
    ? SmtpMailer.fromUrl(config.mail.smtpUrl!, config.mail.from)
    : new OutboxMailer(db, clock, config.mail.from);
}
