/**
 * The application file's e-mails and reminders (issue 19), as the console reads them from
 * `GET /service-ops/api/v1/applications/{uuid}/mails`: sent, scheduled (a reminder's due time) or
 * skipped and why. One shape for the server's answer and the console's parse.
 */
import { z } from 'zod';

export const ZApplicationMails = z.object({
  items: z.array(
    z.object({
      uuid: z.string(),
      kind: z.string(),
      status: z.string(),
      skipReason: z.string().nullable(),
      reminderNumber: z.number().nullable(),
      dueAt: z.string().nullable(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type TApplicationMails = z.infer<typeof ZApplicationMails>;
