/**
 * The application file's second part (records.ts): reveal a sealed value, staff notes, chat
 * transcripts. Registered by the console's routes (routes.ts); every route goes through the staff
 * policy like the rest of the console.
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  ZApiErrorBody,
  ZChatTranscripts,
  ZRevealAnswer,
  ZStaffNote,
  ZStaffNotes,
  ZUuid,
} from '@heloc/domain';
import { STAFF_TAG, staffRoute } from '../staff/policy';
import { addStaffNote, listChatTranscripts, listStaffNotes, revealSensitive } from './records';

const errors = {
  400: ZApiErrorBody,
  401: ZApiErrorBody,
  403: ZApiErrorBody,
  404: ZApiErrorBody,
};
const params = z.object({ uuid: ZUuid });

export function consoleRecordRoutes(server: FastifyInstance, base: string): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${base}/:uuid/reveal`,
    {
      ...staffRoute(app, 'SENSITIVE_DATA_REVEAL'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'Reveal the borrower’s full SSN or a full bank account number, with the reason',
        description:
          'The file shows them masked. Each reveal is audited before the value is answered (`SENSITIVE_DATA_REVEALED`: who, when, which field, the reason) and shows in the timeline as a staff read of sensitive data (kind `SENSITIVE`). Processors, underwriters and organisation admins; not loan officers. 409 when no such value is on file.',
        params,
        body: API_WRITES['POST /service-ops/api/v1/applications/:uuid/reveal'],
        response: { 200: ZRevealAnswer, ...errors, 409: ZApiErrorBody },
      },
    },
    async (request, reply) => {
      const answer = await revealSensitive(
        app.db,
        app.clock,
        request,
        request.params.uuid.toLowerCase(),
        request.body,
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    `${base}/:uuid/notes`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'The application’s staff notes, newest first (internal: the borrower never sees them)',
        params,
        response: { 200: ZStaffNotes, ...errors },
      },
    },
    async (request) => ({
      items: await listStaffNotes(app.db, request, request.params.uuid.toLowerCase()),
    }),
  );

  app.post(
    `${base}/:uuid/notes`,
    {
      ...staffRoute(app, 'NOTES_WRITE'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary: 'Add a staff note to the application (never edited or deleted; audited, in the timeline)',
        params,
        body: API_WRITES['POST /service-ops/api/v1/applications/:uuid/notes'],
        response: { 200: ZStaffNote, ...errors },
      },
    },
    async (request) =>
      addStaffNote(app.db, app.clock, request, request.params.uuid.toLowerCase(), request.body.body),
  );

  app.get(
    `${base}/:uuid/chats`,
    {
      ...staffRoute(app, 'APPLICATIONS_READ_ASSIGNED'),
      schema: {
        tags: [STAFF_TAG, 'console'],
        summary:
          'The borrower’s chat transcripts for this application (live agent and chatbot), newest first',
        description:
          'Conversations that name the application, and those the borrower started signed in to its organisation without naming one; at most 50, each with every message (attachments by file name).',
        params,
        response: { 200: ZChatTranscripts, ...errors },
      },
    },
    async (request) => ({
      items: await listChatTranscripts(app.db, request, request.params.uuid.toLowerCase()),
    }),
  );
}
