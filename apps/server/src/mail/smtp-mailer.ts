import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mailer';

/** Delivers through an SMTP server (nodemailer); nothing is kept locally. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;

  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
  ) {}

  static fromUrl(smtpUrl: string, from: string): SmtpMailer {
    return new SmtpMailer(nodemailer.createTransport(smtpUrl), from);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined && { html: message.html }),
      ...(message.headers && { headers: message.headers }),
      ...(message.attachments && {
        attachments: message.attachments.map((file) => ({
          filename: file.fileName,
          contentType: file.contentType,
          content: Buffer.from(file.content),
        })),
      }),
    });
    return { id: String(info.messageId) };
  }
}
