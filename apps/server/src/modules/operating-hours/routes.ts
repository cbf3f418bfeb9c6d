/**
 * Operating hours calls of spec 2 §7 (external: no token): a department's week for the footer and
 * the chat, and whether it is open now (polled every 60 s by the chat). The organisation comes
 * from the organisation header; an unknown or missing one gets the default hours.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ORG_CODE_HEADER, ZApiErrorBody, ZOperatingHoursEntry } from '@heloc/domain';
import { publishDeskHours } from '../org-settings/desk-hours';
import { AppError } from '../../lib/errors';
import { openStatus, parseDepartment, weekHours, type Clock } from './service';
import { STAFF_TAG, authorizeStaff, staffRoute } from '../staff/policy';

const BASE = '/service-operating-hours/external/api/v1/hours';
const errors = { 400: ZApiErrorBody, 404: ZApiErrorBody };

export type OperatingHoursRouteOptions = {
  /** The current instant (epoch ms); tests pass fixed instants. */
  now?: Clock;
};

const ZDepartmentParams = z.object({ department: z.string().max(32) });
const ZHoursQuery = z.object({
  /** Sent by the web ("display=true"); the answer is always the display week, Monday first. */
  display: z.enum(['true', 'false']).optional(),
});
const ZOrgHeaders = z.object({ [ORG_CODE_HEADER]: z.string().max(64).optional() });
const DEPARTMENT_DESCRIPTION = `Departments: OPS_CHAT, OPS_PHONE (another answers 404). The \`${ORG_CODE_HEADER}\` header picks the organisation, whose own rows override the default per weekday. Times are wall-clock HH:mm in America/Los_Angeles, null on a closed day.`;

export const operatingHoursRoutes: FastifyPluginAsyncZod<OperatingHoursRouteOptions> = async (
  app,
  options,
) => {
  const now = options.now ?? Date.now;
  const orgOf = (header: string | undefined) => app.orgs.byOrgCode(header)?.orgCode ?? null;

  for (const suffix of ['', '/week']) {
    app.get(
      `${BASE}/:department${suffix}`,
      {
        schema: {
          tags: ['operating-hours'],
          summary:
            suffix === ''
              ? 'A department’s hours for each day of the week'
              : 'A department’s hours for each day of the week (the chat’s form of the call)',
          description: DEPARTMENT_DESCRIPTION,
          params: ZDepartmentParams,
          querystring: ZHoursQuery,
          headers: ZOrgHeaders,
          response: { 200: z.array(ZOperatingHoursEntry).length(7), ...errors },
        },
      },
      async (request) =>
        weekHours(
          app.db,
          parseDepartment(request.params.department),
          orgOf(request.headers[ORG_CODE_HEADER]),
          now,
        ),
    );
  }

  app.get(
    `${BASE}/:department/openStatus`,
    {
      schema: {
        tags: ['operating-hours'],
        summary: 'Whether the department is open now (Pacific time)',
        description: DEPARTMENT_DESCRIPTION,
        params: ZDepartmentParams,
        headers: ZOrgHeaders,
        response: { 200: z.boolean(), ...errors },
      },
    },
    async (request) =>
      openStatus(
        app.db,
        parseDepartment(request.params.department),
        orgOf(request.headers[ORG_CODE_HEADER]),
        now,
      ),
  );

  // Staff set an organisation's own hours (the agent desk's operations; tests use it to open and
  // close the chat). Days left out keep their rows; a listed day replaces the organisation's row.
  // The change is a new published settings version (org-settings publishDeskHours), so the
  // settings document and the table never disagree and the latest publication wins.
  app.put(
    '/service-operating-hours/secure/api/v1/hours/:department',
    {
      ...staffRoute(app, 'OPERATING_HOURS_WRITE'),
      schema: {
        tags: [STAFF_TAG, 'operating-hours'],
        summary:
          'Staff: set an organisation’s own hours for some weekdays (recorded as a new published settings version)',
        params: ZDepartmentParams,
        body: API_WRITES['PUT /service-operating-hours/secure/api/v1/hours/:department'],
        response: {
          200: z.array(ZOperatingHoursEntry).length(7),
          401: ZApiErrorBody,
          403: ZApiErrorBody,
          ...errors,
        },
      },
    },
    async (request) => {
      const department = parseDepartment(request.params.department);
      const org = app.orgs.byOrgCode(request.body.orgCode);
      // Another organisation's hours answer like an unknown organisation (the staff policy).
      const staff = await authorizeStaff(
        request,
        'OPERATING_HOURS_WRITE',
        org?.orgCode,
        'Organisation not found',
      );
      if (!org) throw new AppError('NOT_FOUND', 'Organisation not found');
      await publishDeskHours(
        { db: app.db, orgs: app.orgs },
        staff,
        org.orgCode,
        department,
        request.body.days,
      );
      return weekHours(app.db, department, org.orgCode, now);
    },
  );
};
