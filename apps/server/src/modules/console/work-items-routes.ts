/** Work items of an application (work-items.ts): list, complete with a reason. */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_WRITES, ZApiErrorBody, ZUuid, ZWorkItemKind, ZWorkItems } from '@heloc/domain';
import { STAFF_TAG, staffRoute } from '../staff/policy';
import { completeWorkItem, listWorkItems } from './work-items';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody, 404: ZApiErrorBody };
const params = z.object({ uuid: ZUuid });

export function consoleWorkItemRoutes(server: FastifyInstance, base: string): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${base}/:uuid/work-items`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'The manual steps the engine waits on for this application (work items)',
        description:
          '`VALUATION_REPORT` at BPO_PROCESSING, `MANUAL_NOTARY_SIGNED` at NOTARY_WAITING_PERIOD (ready from the appointment’s start), `FUNDING_HOLD_RELEASE` at FUNDING_DECISION while the disbursement account is not verified.',
        params,
        response: { 200: ZWorkItems, ...errors },
      },
    },
    async (request) => ({
      items: await listWorkItems(app.db, request, request.params.uuid.toLowerCase(), app.clock.now()),
    }),
  );
  app.post(
    `${base}/:uuid/work-items/:kind/complete`,
    {
      ...staffRoute(app, 'WORK_ITEMS_COMPLETE'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'Complete a work item, with the reason (audited; through the engine’s own transitions)',
        description:
          'VALUATION_REPORT (with `valueCents` and `condition`): the report settles the order as the provider’s would (back to underwriting before the offers; the chosen line underwritten again at closing). MANUAL_NOTARY_SIGNED: the deed was signed at the appointment (MANUAL_DEED_SIGNED, as the notary’s report would). FUNDING_HOLD_RELEASE: the disbursement account is confirmed (verified, its bank review conditions waived with the reason, the funding decision runs again now). 409 when the application is not waiting for it or the appointment has not started. Answers the work items left.',
        params: params.extend({ kind: ZWorkItemKind }),
        body: API_WRITES['POST /service-ops/api/v1/applications/:uuid/work-items/:kind/complete'],
        response: { 200: ZWorkItems, ...errors, 409: ZApiErrorBody },
      },
    },
    async (request) => ({
      items: await completeWorkItem(
        app.db,
        app.clock,
        request,
        request.params.uuid.toLowerCase(),
        request.params.kind,
        request.body,
      ),
    }),
  );
}
