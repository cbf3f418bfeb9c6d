/**
 * The borrower's mail routes: the unsubscribe link of reminders (a branded confirmation page, the
 * one-click POST of RFC 8058 that mail clients send, "Subscribe again"), the signed-in account's
 * reminder setting (the same preference), the organisations' logos for e-mails (brand-logo.ts), and
 * for staff the outbox viewer (one message with its HTML), every template previewed for an
 * organisation, and an application's e-mails and reminders (sent, scheduled, skipped and why).
 */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  BORROWER_MAIL_KINDS,
  MAIL_PREFERENCES_PATH,
  ZApiErrorBody,
  ZApplicationMails,
  ZMailPreferences,
  ZUuid,
  type TOrgData,
} from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { readOutboxEntry } from '../../mail';
import { previewBorrowerMail } from '../../mail/templates/borrower/preview';
import { authorizeApplication } from '../console/service';
import { STAFF_TAG, staffOf, staffOrgFilter, staffRoute } from '../staff/policy';
import { authOf } from '../../plugins/auth';
import {
  clearRemindersOptOut,
  identityOrgCode,
  listApplicationMails,
  remindersOptedOut,
  setRemindersOptOut,
} from './repository';
import { brandLogoRoutes } from './brand-logo';
import { identityOfUnsubscribeToken, RESUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from './unsubscribe-token';
import { unsubscribePage, type UnsubscribeState } from './unsubscribe-page';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody, 404: ZApiErrorBody };

export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';

export const borrowerMailRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, options) => {
  // Mail clients' one-click unsubscribe posts a form body (List-Unsubscribe=One-Click); the token is
  // in the address. Only this plugin's routes accept the form type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, { form: String(body) }),
  );

  await app.register(brandLogoRoutes);

  /** The token's account and its organisation (whose brand the pages wear), or 400. */
  const identityOf = async (token: string) => {
    const identityUuid = identityOfUnsubscribeToken(options.secret, token);
    const identity = identityUuid ? await identityOrgCode(app.db, identityUuid) : null;
    const org = identity ? (app.orgs.byOrgCode(identity.orgCode) ?? app.orgs.byOrgCode('MAIN')) : null;
    if (!identityUuid || !org) {
      throw new AppError('BAD_REQUEST', UNSUBSCRIBE_LINK_INVALID, [
        { path: 'querystring.token', message: UNSUBSCRIBE_LINK_INVALID },
      ]);
    }
    return { identityUuid, org };
  };
  const tokenQuery = z.object({ token: z.string().min(1).max(200) });
  const page = (reply: FastifyReply, org: TOrgData, state: UnsubscribeState, token: string) =>
    reply.type('text/html; charset=utf-8').send(unsubscribePage(org, state, token));

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['identity'],
        summary: 'The unsubscribe page of a reminder e-mail (HTML): asks to confirm, changes nothing',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const { org } = await identityOf(request.query.token);
      return page(reply, org, 'confirm', request.query.token);
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['identity'],
        summary: 'Unsubscribe from reminder e-mails (one-click, RFC 8058); transactional e-mail continues',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const { identityUuid, org } = await identityOf(request.query.token);
      await setRemindersOptOut(app.db, identityUuid, app.clock.now());
      return page(reply, org, 'done', request.query.token);
    },
  );

  app.post(
    RESUBSCRIBE_PATH,
    {
      schema: {
        tags: ['identity'],
        summary: 'Reminder e-mails on again, from the unsubscribed page of the same link (HTML)',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const { identityUuid, org } = await identityOf(request.query.token);
      await clearRemindersOptOut(app.db, identityUuid, app.clock.now());
      return page(reply, org, 'resubscribed', request.query.token);
    },
  );

  app.get(
    MAIL_PREFERENCES_PATH,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: 'The signed-in account’s e-mail preferences (the settings screen’s “Reminder e-mails”)',
        response: { 200: ZMailPreferences, ...errors },
      },
    },
    async (request) => ({ reminders: !(await remindersOptedOut(app.db, authOf(request).identityUuid)) }),
  );

  app.put(
    MAIL_PREFERENCES_PATH,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        summary:
          'Turn reminder e-mails on or off (the same preference as the e-mails’ unsubscribe link); transactional e-mail continues',
        body: API_WRITES['PUT /identity/secure/api/v1/mail-preferences'],
        response: { 200: ZMailPreferences, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      if (request.body.reminders) await clearRemindersOptOut(app.db, identityUuid, app.clock.now());
      else await setRemindersOptOut(app.db, identityUuid, app.clock.now());
      return { reminders: request.body.reminders };
    },
  );

  app.get(
    '/service-ops/api/v1/mail/outbox/:id',
    {
      ...staffRoute(app, 'MAIL_OUTBOX_READ'),
      schema: {
        tags: [STAFF_TAG, 'operations'],
        summary: 'One message of the outbox with its HTML, text and attachments (the outbox viewer)',
        params: z.object({ id: ZUuid }),
        response: {
          200: z.object({
            id: z.string(),
            to: z.string(),
            subject: z.string(),
            text: z.string(),
            html: z.string().nullable(),
            orgCode: z.string().nullable(),
            attachments: z.array(
              z.object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number() }),
            ),
            createdAt: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const entry = await readOutboxEntry(app.db, request.params.id.toLowerCase());
      const orgCode = staffOf(request).orgCode;
      // Another organisation's message is as absent as one that does not exist.
      if (!entry || (orgCode !== null && entry.orgCode !== orgCode))
        throw new AppError('NOT_FOUND', 'Message not found');
      if (orgCode === null) await staffOrgFilter(request, 'MAIL_OUTBOX_READ', entry.orgCode ?? null);
      return {
        id: entry.id,
        to: entry.to,
        subject: entry.subject,
        text: entry.text,
        html: entry.html ?? null,
        orgCode: entry.orgCode ?? null,
        attachments: entry.attachments,
        createdAt: entry.createdAt.toISOString(),
      };
    },
  );

  app.get(
    '/service-ops/api/v1/mail/templates/:kind',
    {
      ...staffRoute(app, 'MAIL_OUTBOX_READ'),
      schema: {
        tags: [STAFF_TAG, 'operations'],
        summary: 'A borrower e-mail template rendered for an organisation with sample facts (HTML and text)',
        params: z.object({ kind: z.enum(BORROWER_MAIL_KINDS) }),
        querystring: z.object({ orgCode: z.string().max(64).optional() }),
        response: {
          200: z.object({
            kind: z.string(),
            orgCode: z.string(),
            subject: z.string(),
            html: z.string(),
            text: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'MAIL_OUTBOX_READ', request.query.orgCode);
      const org = app.orgs.byOrgCode(orgCode ?? 'MAIN');
      if (!org) throw new AppError('NOT_FOUND', 'Organisation not found');
      const rendered = await previewBorrowerMail(request.params.kind, org);
      return { kind: request.params.kind, orgCode: org.orgCode, ...rendered };
    },
  );

  app.get(
    '/service-ops/api/v1/applications/:uuid/mails',
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary:
          'The application’s e-mails and reminders: sent, scheduled (with the time due) or skipped and why',
        params: z.object({ uuid: ZUuid }),
        response: {
          200: ZApplicationMails,
          ...errors,
        },
      },
    },
    async (request) => {
      const uuid = request.params.uuid.toLowerCase();
      await authorizeApplication(app.db, request, uuid);
      const rows = await listApplicationMails(app.db, uuid);
      return {
        items: rows.map((row) => ({
          uuid: row.uuid,
          kind: row.kind,
          status: row.status,
          skipReason: row.skipReason,
          reminderNumber: typeof row.data.number === 'number' ? row.data.number : null,
          dueAt: typeof row.data.dueAt === 'string' ? row.data.dueAt : null,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
