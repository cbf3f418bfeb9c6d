/**
 * The outbox viewer's calls (`/service-ops/api/v1/mail/…`, MAIL_OUTBOX_READ) and an application
 * file's e-mails and reminders.
 */
import { z } from 'zod';
import { ZApplicationMails } from '@heloc/domain';
import { call } from '../api';

const BASE = '/service-ops/api/v1/mail';

const ZOutboxItem = z.object({ id: z.string(), to: z.string(), subject: z.string(), createdAt: z.string() });
const ZOutboxMessage = ZOutboxItem.extend({
  text: z.string(),
  html: z.string().nullable(),
  orgCode: z.string().nullable(),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number() })),
});
const ZTemplatePreview = z.object({
  kind: z.string(),
  orgCode: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

export type TOutboxItem = z.infer<typeof ZOutboxItem>;
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export type TTemplatePreview = z.infer<typeof ZTemplatePreview>;

export const mailApi = {
  outbox: () => call('GET', `${BASE}/outbox?limit=50`, z.array(ZOutboxItem)),
  message: (id: string) => call('GET', `${BASE}/outbox/${id}`, ZOutboxMessage),
  template: (kind: string, orgCode: string | null) =>
    call(
      'GET',
      `${BASE}/templates/${kind}${orgCode ? `?orgCode=${encodeURIComponent(orgCode)}` : ''}`,
      ZTemplatePreview,
    ),
  applicationMails: (uuid: string) =>
    call('GET', `/service-ops/api/v1/applications/${uuid}/mails`, ZApplicationMails),
};
