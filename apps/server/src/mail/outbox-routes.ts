/**
 * The e-mail outbox for staff (MAIL_TRANSPORT=outbox, the default in development): what the platform
 * would have sent, newest first, of the staff member's organisation (platform staff: any).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiErrorBody, ZEmailAddress } from '@heloc/domain';
import { STAFF_TAG, staffOrgFilter, staffRoute } from '../modules/staff/policy';
import { readOutbox } from './outbox-mailer';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody, 404: ZApiErrorBody };

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-ops/api/v1/mail/outbox',
    {
      ...staffRoute(app, 'MAIL_OUTBOX_READ'),
      schema: {
        tags: [STAFF_TAG, 'operations'],
        summary:
          'The e-mail outbox (MAIL_TRANSPORT=outbox), newest first, of the staff member’s organisation',
        querystring: z.object({
          to: ZEmailAddress.optional(),
          /** Platform staff: one organisation's mail (default: every organisation's). */
          orgCode: z.string().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(20),
        }),
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              createdAt: z.string(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'MAIL_OUTBOX_READ', request.query.orgCode);
      const entries = await readOutbox(app.db, {
        ...(request.query.to && { to: request.query.to }),
        limit: 200,
      });
      return entries
        .filter((entry) => orgCode === null || entry.orgCode === orgCode)
        .slice(0, request.query.limit)
        .map((entry) => ({
          id: entry.id,
          to: entry.to,
          subject: entry.subject,
          text: entry.text,
          createdAt: entry.createdAt.toISOString(),
        }));
    },
  );
};
