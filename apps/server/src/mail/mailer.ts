/**
 * Outgoing e-mail behind one interface (DESIGN.md §7: third parties are providers). Production sends
 * through SMTP; the embedded default keeps every message in a database outbox that whoever runs the
 * product can read (`npm run mail:outbox`), so invitation links work on a machine without a mail server.
 */
export type MailMessage = {
  to: string;
  subject: string;
  /** Plain-text body: always present, so every client can read the message. */
  text: string;
  html?: string;
  /** The organisation the message is sent for (its brand is in the text; kept for the outbox listing). */
  orgCode?: string;
  /** Files sent with the message (the decline's adverse action notice). */
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe on marketing-type mail, RFC 8058). */
  headers?: Record<string, string>;
};

export type MailAttachment = { fileName: string; contentType: string; content: Uint8Array };

export type SentMail = { id: string };

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<SentMail>;
}
