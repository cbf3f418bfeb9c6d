/**
 * The loan officer / broker card (spec 2 §2 "Loan officer / broker card", §7
 * `GET /service-lead-portal/api/lo/{loanOriginatorUuid}`). Public: a visitor who arrives with
 * `?referrer=` sees their loan officer before registering. The answer lists its fields explicitly,
 * so nothing else stored about an originator can leak, and may be cached for 10 minutes.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOAN_ORIGINATOR_CACHE_MS, ZApiErrorBody, ZOriginatorDisplayInfo, ZUuid } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { findLoanOriginator, type LoanOriginatorRow } from './repository';

/** The public part of the originator's user record: the organisation and a job title. */
export const ZLoanOriginatorUserInfo = z.object({
  organizationCode: z.string(),
  title: z.string().nullable(),
});

/** ZLoanOriginatorInfo (domain) without the tracking profile, with userInfo narrowed to public fields. */
export const ZPublicLoanOriginatorInfo = z.object({
  loanOriginatorUuid: ZUuid,
  userInfo: ZLoanOriginatorUserInfo,
  originatorDisplayInfo: ZOriginatorDisplayInfo.required(),
});
export type TPublicLoanOriginatorInfo = z.infer<typeof ZPublicLoanOriginatorInfo>;

export const LOAN_ORIGINATOR_CACHE_CONTROL = `public, max-age=${LOAN_ORIGINATOR_CACHE_MS / 1000}`;

export function toPublicLoanOriginatorInfo(row: LoanOriginatorRow): TPublicLoanOriginatorInfo {
  const title = row.userInfo?.title;
  return {
    loanOriginatorUuid: row.uuid,
    userInfo: { organizationCode: row.orgCode, title: typeof title === 'string' ? title : null },
    originatorDisplayInfo: {
      originatorName: row.originatorName,
      brokerName: row.brokerName,
      avatarUri: row.avatarUri,
      email: row.email,
      phoneNumber: row.phoneNumber,
      nmls: row.nmls,
    },
  };
}

export const leadPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-lead-portal/api/lo/:loanOriginatorUuid',
    {
      schema: {
        tags: ['lead-portal'],
        summary: 'The loan officer or broker shown on the borrower’s card (public, cached 10 minutes)',
        description:
          'The card heading is "Your Broker" when only `brokerName` is set, "Your Loan Officer" when `originatorName` is; with neither the card is not shown.',
        params: z.object({ loanOriginatorUuid: ZUuid }),
        response: { 200: ZPublicLoanOriginatorInfo, 400: ZApiErrorBody, 404: ZApiErrorBody },
      },
    },
    async (request, reply) => {
      const row = await findLoanOriginator(app.db, request.params.loanOriginatorUuid.toLowerCase());
      if (!row) throw new AppError('NOT_FOUND', 'Loan originator not found');
      reply.header('cache-control', LOAN_ORIGINATOR_CACHE_CONTROL);
      return toPublicLoanOriginatorInfo(row);
    },
  );
};
