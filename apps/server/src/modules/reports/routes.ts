/**
 * The lender console's reports (/ops/reports): `GET /service-ops/api/v1/reports/{report}` for the
 * funnel, time in step, pull-through and operations. One access policy: REPORTS_READ (underwriters,
 * organisation admins, platform admins); organisation staff get their own organisation (asking for
 * another answers 404), platform staff any or all. Loan officers have no reports: the figures are the
 * organisation's, and a per-officer cut of them is not built.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REPORT_KINDS,
  REPORT_TITLES,
  ZApiErrorBody,
  ZReport,
  ZReportQuery,
  reportRange,
} from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { STAFF_TAG, staffOrgFilter, staffRoute } from '../staff/policy';
import { inReportTransaction } from './repository';
import { buildReport } from './service';

export const REPORTS_BASE = '/service-ops/api/v1/reports';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody, 404: ZApiErrorBody };

const DESCRIPTIONS: Record<(typeof REPORT_KINDS)[number], string> = {
  funnel:
    'Sessions → registered → offer shown → offer selected → submitted → signed → funded, with conversion between steps: telemetry sessions in the range, then applications created in the range by their audit trail.',
  'step-times':
    'Hours in each step (median, p90) for step visits that began in the range; open applications by step, stalled (`stalledDays`, default 7) and abandoned (`abandonedDays`, default 30).',
  'pull-through':
    'Applications created in the range per loan officer and per property state: funded, declined, cancelled, pull-through %; decline reasons per loan officer and per state.',
  operations:
    'Open conditions by age (now); chats started in the range per UTC hour: live and chatbot volume, time to the first agent message (median, p90).',
};

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of REPORT_KINDS) {
    app.get(
      `${REPORTS_BASE}/${kind}`,
      {
        ...staffRoute(app, 'REPORTS_READ'),
        schema: {
          tags: [STAFF_TAG, 'reports'],
          summary: `Report: ${REPORT_TITLES[kind]}`,
          description: `${DESCRIPTIONS[kind]} \`from\`/\`to\` are UTC days, both included (default: the last 30 days; at most 366). Each table is what the console draws, lists and downloads as CSV.`,
          querystring: ZReportQuery,
          response: { 200: ZReport, ...errors },
        },
      },
      async (request) => {
        const orgCode = await staffOrgFilter(request, 'REPORTS_READ', request.query.orgCode);
        const now = app.clock.now();
        const range = reportRange(request.query, now);
        if ('problem' in range) throw new AppError('BAD_REQUEST', range.problem);
        return inReportTransaction(app.db, (tx) =>
          buildReport(
            tx,
            kind,
            { orgCode, since: range.since, until: range.until, from: range.from, to: range.to },
            request.query,
            now,
          ),
        );
      },
    );
  }
};
