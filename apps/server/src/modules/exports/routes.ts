/**
 * Exports for the lender console (issue 16 items 4 and 5): the HMDA LAR of an organisation
 * (REPORTS_EXPORT), the pipeline's current view as CSV and an application file as one PDF
 * (APPLICATIONS_READ_ASSIGNED, the same scope as the console's own reads).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HMDA_EDITS, ZApiErrorBody, ZHmdaReport, ZPipelineQuery, ZUuid } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { STAFF_TAG, authorizeStaff, staffOf, staffRoute } from '../staff/policy';
import { applicationBundle } from './bundle';
import { exportHmdaLar } from './hmda';
import { pipelineCsv } from './pipeline-csv';

export const HMDA_LAR_PATH = '/service-ops/api/v1/reports/hmda-lar';
export const PIPELINE_CSV_PATH = '/service-ops/api/v1/applications.csv';
export const BUNDLE_PATH = '/service-ops/api/v1/applications/:uuid/bundle.pdf';

const errors = {
  400: ZApiErrorBody,
  401: ZApiErrorBody,
  403: ZApiErrorBody,
  404: ZApiErrorBody,
  409: ZApiErrorBody,
};

export const QUARTER_FOUR_MESSAGE =
  'Quarterly filings cover quarters 1 to 3; the fourth quarter is in the annual filing';

const ZHmdaLarQuery = z.object({
  year: z.coerce.number().int().min(2018, 'HMDA LAR formats start with 2018').max(2100),
  quarter: z.coerce
    .number()
    .int()
    .min(1)
    .max(4)
    .refine((q) => q !== 4, QUARTER_FOUR_MESSAGE)
    .optional(),
  /** Platform staff name the organisation; an organisation's staff get their own. */
  orgCode: z.string().trim().min(1).max(64).optional(),
  /** `report`: the edit report as JSON (200) instead of the file. */
  format: z.enum(['file', 'report']).default('file'),
});

const ZHmdaFailed = ZHmdaReport.extend({ status: z.literal(422), message: z.string() });

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HMDA_LAR_PATH,
    {
      ...staffRoute(app, 'REPORTS_EXPORT'),
      schema: {
        tags: [STAFF_TAG, 'exports'],
        summary: 'The HMDA loan/application register (LAR) of a year or a quarter, pipe-delimited',
        description:
          'The CFPB LAR format: the transmittal sheet, then one row of 110 fields per application whose final action (originated, denied, withdrawn, closed for incompleteness) fell in the period. The syntactical and validity edits run first: when any fails the answer is 422 with the failures; `format=report` answers the edit report as JSON either way. Field sources: README "HMDA LAR".',
        querystring: ZHmdaLarQuery,
        response: {
          200: z
            .any()
            .describe(
              'The LAR file (text/plain), or with `format=report` the edit report (JSON: rows, fileName, testLei, passed, failures, edits)',
            ),
          422: ZHmdaFailed,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const orgCode = staffOf(request).orgCode ?? request.query.orgCode;
      if (!orgCode) throw new AppError('BAD_REQUEST', 'Choose an organisation (orgCode)');
      if (request.query.orgCode && request.query.orgCode !== orgCode)
        throw new AppError('NOT_FOUND', 'Organisation not found');
      await authorizeStaff(request, 'REPORTS_EXPORT', orgCode, 'Organisation not found');
      const org = app.orgs.byOrgCode(orgCode);
      if (!org) throw new AppError('NOT_FOUND', 'Organisation not found');
      const result = await exportHmdaLar(app.db, org, {
        year: request.query.year,
        quarter: (request.query.quarter ?? null) as 1 | 2 | 3 | null,
      });
      const report = {
        rows: result.rows,
        fileName: result.fileName,
        testLei: result.testLei,
        passed: result.failures.length === 0,
        failures: result.failures,
        edits: [...HMDA_EDITS],
      };
      if (request.query.format === 'report') return report;
      if (result.failures.length > 0)
        return reply.code(422).send({
          status: 422 as const,
          message: `The LAR fails ${result.failures.length} edit${result.failures.length === 1 ? '' : 's'}: fix them before exporting`,
          ...report,
        });
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(result.text);
    },
  );

  app.get(
    PIPELINE_CSV_PATH,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'exports'],
        summary: 'The pipeline’s current view as CSV (every page, streamed)',
        description:
          'The same filters, search and sort as `GET /service-ops/api/v1/applications` (no cursor or limit: every matching application). Cells that would start a spreadsheet formula (= + - @) are prefixed with an apostrophe.',
        querystring: ZPipelineQuery,
        response: { 200: z.any().describe('The CSV (text/csv)'), ...errors },
      },
    },
    async (request, reply) => {
      const { cursor: _cursor, limit: _limit, ...query } = request.query;
      const stream = await pipelineCsv(app.db, request, query, app.clock.now());
      const day = app.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applications-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    BUNDLE_PATH,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'exports'],
        summary: 'An application file as one PDF for a compliance review: summary, timeline, every document',
        params: z.object({ uuid: ZUuid }),
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const uuid = request.params.uuid.toLowerCase();
      // applicationFile (inside) authorizes first: another organisation's file answers 404.
      const bundle = await applicationBundle(app.db, app.storage, request, uuid, app.clock.now(), (orgCode) =>
        app.orgs.byOrgCode(orgCode),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${bundle.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bundle.bytes));
    },
  );
};
