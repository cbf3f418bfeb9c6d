/**
 * The lender console's API (apps/ops): the pipeline, the application file with its documents, and
 * the timeline. Every route goes through the staff policy (APPLICATIONS_READ_ASSIGNED; a member with
 * APPLICATIONS_READ sees every application of the organisation, a loan officer their own borrowers').
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZConditionClearRequest, ZConditionReopenRequest, ZConditionWaiveRequest } from '@heloc/domain';
import {
  API_WRITES,
  ZApiErrorBody,
  ZApplicationFile,
  ZConsoleCondition,
  ZSavedView,
  ZStaffDecision,
  ZStaffDecisions,
  ZSavedViews,
  ZPipelinePage,
  ZPipelineQuery,
  ZTimeline,
  ZTimelineQuery,
  ZUuid,
} from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { STAFF_TAG, staffOf, staffRoute } from '../staff/policy';
import { changeCondition, type ConditionCommand } from './conditions';
import { listDecisions, reviewDecision, takeDecision } from './decisions';
import { consoleRecordRoutes } from './records-routes';
import { consoleWorkItemRoutes } from './work-items-routes';
import { deleteView, listViews, saveView } from './views';
import { applicationDocument, applicationFile } from './file';
import { listPipeline } from './service';
import { applicationTimeline } from './timeline';

export const CONSOLE_BASE = '/service-ops/api/v1/applications';

const errors = {
  400: ZApiErrorBody,
  401: ZApiErrorBody,
  403: ZApiErrorBody,
  404: ZApiErrorBody,
};
const params = z.object({ uuid: ZUuid });

export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reveal, staff notes and chat transcripts (records-routes.ts).
  consoleRecordRoutes(app, CONSOLE_BASE);
  // Manual steps the engine waits on (work-items-routes.ts).
  consoleWorkItemRoutes(app, CONSOLE_BASE);
  app.get(
    CONSOLE_BASE,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'The pipeline: applications of your organisation, filtered, sorted, a keyset page at a time',
        description:
          'Filters: step group and step, loan officer, property state, created/updated dates (UTC days), stalled (no step change for N days), open conditions; search by borrower name, e-mail, loan number or property address. A loan officer (without APPLICATIONS_READ) sees only their own borrowers. Pass `nextCursor` back as `cursor` for the next page (same sort and direction).',
        querystring: ZPipelineQuery,
        response: { 200: ZPipelinePage, ...errors },
      },
    },
    async (request) => listPipeline(app.db, request, request.query, app.clock.now()),
  );

  app.get(
    `${CONSOLE_BASE}/:uuid`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary:
          'The application file: borrower (masked), property, liens, valuation, credit, underwriting, offer, consents, documents',
        description:
          'SSNs and account numbers are masked (the last four only). Another organisation’s application, and for a loan officer another officer’s, answers 404.',
        params,
        response: { 200: ZApplicationFile, ...errors },
      },
    },
    async (request) => applicationFile(app.db, request, request.params.uuid.toLowerCase(), app.clock.now()),
  );

  app.get(
    `${CONSOLE_BASE}/:uuid/timeline`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'The application’s timeline from its audit trail, newest first, filterable by kind',
        description:
          'Step changes, borrower actions, provider results, documents, conditions, staff and system actions: who, when, from which step to which, why. `kind` takes a comma-separated list.',
        params,
        querystring: ZTimelineQuery,
        response: { 200: ZTimeline, ...errors },
      },
    },
    async (request) =>
      applicationTimeline(app.db, request, request.params.uuid.toLowerCase(), request.query.kind),
  );

  app.get(
    `${CONSOLE_BASE}/:uuid/documents/:documentUuid/file`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'One document of the application (view in the browser or download)',
        params: params.extend({ documentUuid: ZUuid }),
        querystring: z.object({ download: z.enum(['true', 'false']).optional() }),
        response: { 200: z.any().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const document = await applicationDocument(
        app.db,
        request,
        request.params.uuid.toLowerCase(),
        request.params.documentUuid.toLowerCase(),
      );
      const file = await app.storage.get(document.fileKey);
      if (!file) throw new AppError('NOT_FOUND', 'Document not found');
      const disposition = request.query.download === 'true' ? 'attachment' : 'inline';
      return reply
        .header('content-type', document.contentType)
        .header(
          'content-disposition',
          `${disposition}; filename="${document.fileName.replace(/[^a-z0-9._-]/gi, '_')}"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );

  const conditionParams = params.extend({ conditionUuid: ZUuid });
  const conditionAction = (
    action: 'clear' | 'waive' | 'reopen',
    body: typeof ZConditionClearRequest | typeof ZConditionWaiveRequest | typeof ZConditionReopenRequest,
    summary: string,
  ) =>
    app.post(
      `${CONSOLE_BASE}/:uuid/conditions/:conditionUuid/${action}`,
      {
        ...staffRoute(app, 'CONDITIONS_RAISE'),
        schema: {
          tags: [STAFF_TAG, 'console'],
          summary,
          description:
            'Only the conditions a person raises (document request, phone number, legal description, trust review); the engine clears its own. Audited; the borrower sees the change at the next poll of their conditions. 409 when the condition is not in a state for it or the application is final.',
          params: conditionParams,
          body,
          response: { 200: ZConsoleCondition, ...errors, 409: ZApiErrorBody },
        },
      },
      async (request) =>
        changeCondition(
          app.db,
          app.clock,
          request,
          request.params.uuid.toLowerCase(),
          request.params.conditionUuid.toLowerCase(),
          { kind: action, ...(request.body as object) } as ConditionCommand,
        ),
    );
  conditionAction(
    'clear',
    API_WRITES['POST /service-ops/api/v1/applications/:uuid/conditions/:conditionUuid/clear'],
    'Clear an open condition with evidence (a document of the application)',
  );
  conditionAction(
    'waive',
    API_WRITES['POST /service-ops/api/v1/applications/:uuid/conditions/:conditionUuid/waive'],
    'Waive an open condition, with the reason',
  );
  conditionAction(
    'reopen',
    API_WRITES['POST /service-ops/api/v1/applications/:uuid/conditions/:conditionUuid/reopen'],
    'Reopen a cleared or waived condition, with the reason (the borrower is notified)',
  );

  // Decisions (decisions.ts): taken at once or proposed for a second member (maker-checker).
  app.post(
    `${CONSOLE_BASE}/:uuid/decisions`,
    {
      ...staffRoute(app, 'DECISIONS_PROPOSE'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary:
          'Take or propose a decision: decline, cancel, counter-offer, reopen, valuation override, exception',
        description:
          'A member holding `DECISIONS_APPROVE` (underwriters) takes an in-policy decision (DECLINE, CANCEL, REOPEN) at once: the application moves through the engine’s own transitions (a decline ends `DECLINED` and its adverse action notice lists the chosen reasons, generated as on automatic declines; REOPEN takes a cancelled application back to the step it was cancelled from, when the borrower acts there). A member holding only `DECISIONS_PROPOSE` (loan officers, processors) proposes it: stored `PROPOSED` until a different member approves or rejects it. Out of policy, always proposed: COUNTER_OFFER, VALUATION_OVERRIDE (a manual value and its source; the engine’s underwriting runs again on it, at offer selection or NO_AVM) and APPROVE_EXCEPTION (to the engine’s own underwriting decline: every rule it declined on, each one exceptionable — score floor, DTI cap, property condition; underwriting runs again without them). A decline takes 1–4 Regulation B reason codes (`OTHER` with `otherReason`). Audited with who, when and why; 409 when the application cannot take the decision (closed, wrong step, wrong rules).',
        params,
        body: API_WRITES['POST /service-ops/api/v1/applications/:uuid/decisions'],
        response: { 200: ZStaffDecision, ...errors, 409: ZApiErrorBody },
      },
    },
    async (request) =>
      takeDecision(app.db, app.clock, request, request.params.uuid.toLowerCase(), request.body),
  );
  app.get(
    `${CONSOLE_BASE}/:uuid/decisions`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'The application’s decisions, newest first: applied, proposed (waiting) and rejected',
        params,
        response: { 200: ZStaffDecisions, ...errors },
      },
    },
    async (request) => ({
      items: await listDecisions(app.db, request, request.params.uuid.toLowerCase()),
    }),
  );
  const decisionParams = params.extend({ decisionUuid: ZUuid });
  app.post(
    `${CONSOLE_BASE}/:uuid/decisions/:decisionUuid/approve`,
    {
      ...staffRoute(app, 'DECISIONS_APPROVE'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'Approve another member’s proposed decision: it is applied now, under your name',
        description:
          '403 for your own proposal (maker-checker: a different member approves); 409 when the decision is not waiting or the application can no longer take it.',
        params: decisionParams,
        body: API_WRITES['POST /service-ops/api/v1/applications/:uuid/decisions/:decisionUuid/approve'],
        response: { 200: ZStaffDecision, ...errors, 409: ZApiErrorBody },
      },
    },
    async (request) =>
      reviewDecision(
        app.db,
        app.clock,
        request,
        request.params.uuid.toLowerCase(),
        request.params.decisionUuid.toLowerCase(),
        { kind: 'approve', note: request.body.note },
      ),
  );
  app.post(
    `${CONSOLE_BASE}/:uuid/decisions/:decisionUuid/reject`,
    {
      ...staffRoute(app, 'DECISIONS_APPROVE'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'Reject another member’s proposed decision, with the reason (the application does not move)',
        description: '403 for your own proposal; 409 when the decision is not waiting.',
        params: decisionParams,
        body: API_WRITES['POST /service-ops/api/v1/applications/:uuid/decisions/:decisionUuid/reject'],
        response: { 200: ZStaffDecision, ...errors, 409: ZApiErrorBody },
      },
    },
    async (request) =>
      reviewDecision(
        app.db,
        app.clock,
        request,
        request.params.uuid.toLowerCase(),
        request.params.decisionUuid.toLowerCase(),
        { kind: 'reject', reason: request.body.reason },
      ),
  );

  // Saved views: the member's own, whatever their organisation (no organisation's data in them).
  app.get(
    `${CONSOLE_BASE}/views`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'Your saved pipeline views, by name',
        response: { 200: ZSavedViews, ...errors },
      },
    },
    async (request) => ({ items: await listViews(app.db, staffOf(request).identityUuid) }),
  );
  app.post(
    `${CONSOLE_BASE}/views`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'Save a pipeline view (a name and the pipeline query string; the same name replaces it)',
        body: API_WRITES['POST /service-ops/api/v1/applications/views'],
        response: { 200: ZSavedView, ...errors, 409: ZApiErrorBody },
      },
    },
    async (request) => saveView(app.db, staffOf(request).identityUuid, request.body),
  );
  app.delete(
    `${CONSOLE_BASE}/views/:viewUuid`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'Delete one of your saved views (another member’s is left alone)',
        params: z.object({ viewUuid: ZUuid }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteView(app.db, staffOf(request).identityUuid, request.params.viewUuid.toLowerCase());
      return reply.status(204).send(null);
    },
  );
};
