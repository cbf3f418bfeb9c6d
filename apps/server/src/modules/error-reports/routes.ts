/**
 * Client error reporting (spec 2 §8 "Error reporting ignores network-type errors", §9 "Monitoring
 * sample rate defaults to 100 with no session replay"): the browser sends what its error boundary and
 * window handlers caught, with the route and the release; network-type errors never leave it. Stored
 * for the team and logged at warn level. No token (the error may be the sign-in page's own).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ORG_CODE_HEADER, ZApiErrorBody } from '@heloc/domain';
import { insertErrorReport } from './repository';
import { ZContextParams } from '../feature-flags/routes';

export const errorReportRoutes: FastifyPluginAsyncZod<{
  rateLimitPerMinute: number;
  /** Percent of reports kept (0–100). */
  sampleRate: number;
  /** Decides sampling; tests pin it. */
  random?: () => number;
}> = async (app, options) => {
  const random = options.random ?? Math.random;
  app.post(
    '/ft/:context/error-report',
    {
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['telemetry'],
        summary: 'Report an error the browser caught (network-type errors are never sent)',
        description: `Kept with the configured sample rate (ERROR_REPORT_SAMPLE_RATE, default 100 %); \`status\` says STORED or SAMPLED_OUT.`,
        params: ZContextParams,
        headers: z.object({
          [ORG_CODE_HEADER]: z.string().max(64).optional(),
          'user-agent': z.string().optional(),
        }),
        body: API_WRITES['POST /ft/:context/error-report'],
        response: {
          202: z.object({ status: z.enum(['STORED', 'SAMPLED_OUT']) }),
          400: ZApiErrorBody,
          429: ZApiErrorBody,
        },
      },
    },
    async (request, reply) => {
      if (random() * 100 >= options.sampleRate) return reply.code(202).send({ status: 'SAMPLED_OUT' });
      const report = request.body;
      const orgCode = app.orgs.byOrgCode(request.headers[ORG_CODE_HEADER])?.orgCode ?? null;
      await insertErrorReport(app.db, {
        name: report.name,
        message: report.message,
        stack: report.stack ?? null,
        route: report.route,
        release: report.release,
        source: report.source,
        orgCode,
        sessionUuid: report.sessionKey?.uuid ?? null,
        applicationUuid: report.applicationUuid ?? null,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      });
      request.log.warn(
        { clientError: { name: report.name, route: report.route, release: report.release, orgCode } },
        'client error reported',
      );
      return reply.code(202).send({ status: 'STORED' });
    },
  );
};
