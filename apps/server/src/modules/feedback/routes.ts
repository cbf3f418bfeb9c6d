/**
 * Feedback to the CEO (spec 2 §2 "Share your thoughts with our CEO", §3, §5, §7
 * `POST /service-profile/api/v1/feedback/ceo`): a signed-in borrower's message, stored with where it
 * was sent from; lender staff list them (newest first, by organisation and topic).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZApiErrorBody, ZCeoFeedbackTopic, ZUuid } from '@heloc/domain';
import { insertFeedback, listFeedback } from './repository';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { findOwnApplication } from '../applications/repository';
import { STAFF_TAG, staffOrgFilter, staffRoute } from '../staff/policy';

const PATH = '/service-profile/api/v1/feedback/ceo';

const ZStoredFeedback = z.object({
  uuid: ZUuid,
  identityUuid: ZUuid,
  email: z.string(),
  orgCode: z.string(),
  applicationUuid: ZUuid.nullable(),
  topic: ZCeoFeedbackTopic,
  message: z.string(),
  marketingConsent: z.boolean(),
  pathname: z.string(),
  productType: z.string(),
  createdAt: z.iso.datetime(),
});

/** `rateLimitPerMinute`: messages per minute from one address (the sign-in limit: a form, not a chat). */
export const feedbackRoutes: FastifyPluginAsyncZod<{ rateLimitPerMinute: number }> = async (app, options) => {
  app.post(
    PATH,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Send feedback to the CEO',
        description:
          'topic "Improve our product" or "Give us a compliment"; message 10–1000 characters; marketingConsent a boolean. A foreign or unknown applicationUuid answers 404.',
        body: API_WRITES['POST /service-profile/api/v1/feedback/ceo'],
        response: {
          201: z.object({ uuid: ZUuid, createdAt: z.iso.datetime() }),
          400: ZApiErrorBody,
          401: ZApiErrorBody,
          404: ZApiErrorBody,
          429: ZApiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      if (
        body.applicationUuid &&
        !(await findOwnApplication(app.db, auth.identityUuid, body.applicationUuid))
      ) {
        throw new AppError('NOT_FOUND', 'Application not found');
      }
      const row = await insertFeedback(app.db, {
        identityUuid: auth.identityUuid,
        orgCode: auth.orgCode,
        applicationUuid: body.applicationUuid ?? null,
        topic: body.topic,
        message: body.message,
        marketingConsent: body.marketingConsent,
        pathname: body.pathname,
        productType: body.productType,
      });
      return reply.code(201).send({ uuid: row.uuid, createdAt: row.createdAt.toISOString() });
    },
  );

  app.get(
    PATH,
    {
      ...staffRoute(app, 'FEEDBACK_READ'),
      schema: {
        tags: [STAFF_TAG, 'profile'],
        summary: 'Feedback to the CEO, newest first (lender staff of the organisation; platform staff: any)',
        description: 'Pages with `before` = the last item’s createdAt (answered as `nextBefore`).',
        querystring: z.object({
          orgCode: z.string().trim().max(64).optional(),
          topic: ZCeoFeedbackTopic.optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
          before: z.iso.datetime().optional(),
        }),
        response: {
          200: z.object({ items: z.array(ZStoredFeedback), nextBefore: z.iso.datetime().nullable() }),
          400: ZApiErrorBody,
          401: ZApiErrorBody,
          403: ZApiErrorBody,
          404: ZApiErrorBody,
        },
      },
    },
    async (request) => {
      const { topic, limit, before } = request.query;
      const orgCode = await staffOrgFilter(request, 'FEEDBACK_READ', request.query.orgCode?.toUpperCase());
      const rows = await listFeedback(app.db, {
        orgCode,
        topic,
        before: before ? new Date(before) : undefined,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const items = page.map(({ feedback, email }) => ({
        ...feedback,
        email,
        topic: feedback.topic as z.infer<typeof ZCeoFeedbackTopic>,
        createdAt: feedback.createdAt.toISOString(),
      }));
      return {
        items,
        nextBefore: rows.length > limit ? (items.at(-1)?.createdAt ?? null) : null,
      };
    },
  );
};
