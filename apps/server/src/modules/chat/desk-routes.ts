/**
 * The agent desk's calls (staff only): an agent chat token for the websocket and for replies, the
 * queue (waiting chats and the agent's active ones) with each borrower's application context, and
 * accepting a chat. Replies, attachments and ending use the conversation calls with that token.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROGRESS_STEP_LABELS,
  ZApiErrorBody,
  ZApplicationStep,
  ZDeskConversation,
  ZRefreshTokenResponse,
  ZUuid,
  progressCodeForStep,
} from '@heloc/domain';
import { listApplicationsByUuid, listProfilesOf } from './repository';
import { AppError } from '../../lib/errors';
import { STAFF_TAG, authorizeStaff, staffOf, staffOrgFilter, staffRoute } from '../staff/policy';

export const DESK = '/service-ops/secure/api/v1/chat';

const errors = { 401: ZApiErrorBody, 403: ZApiErrorBody, 404: ZApiErrorBody, 409: ZApiErrorBody };

const tags = [STAFF_TAG, 'agent desk'];

export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffOnly = staffRoute(app, 'CHAT_DESK');

  app.post(
    `${DESK}/token`,
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'An agent chat token (6 hours) for the websocket and for replies',
        response: { 200: ZRefreshTokenResponse.extend({ agentName: z.string() }), ...errors },
      },
    },
    async (request) => {
      const staff = await app.staffDirectory.byUuid(staffOf(request).identityUuid);
      if (!staff) throw new AppError('FORBIDDEN', 'Staff only');
      const issued = await app.chatTokens.issue({
        role: 'agent',
        identityUuid: staff.uuid,
        name: staff.name,
      });
      return { ...issued, agentName: staff.name };
    },
  );

  app.get(
    `${DESK}/conversations`,
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Waiting chats and this agent’s active chats, oldest first, with application context',
        description:
          'Of the agent’s organisation; platform staff see every organisation’s, or one with `orgCode`.',
        querystring: z.object({ orgCode: z.string().max(64).optional() }),
        response: { 200: z.array(ZDeskConversation), ...errors },
      },
    },
    async (request) => {
      // Organisation staff see their organisation's chats; platform staff every one (audited).
      const orgCode = await staffOrgFilter(request, 'CHAT_DESK', request.query.orgCode);
      const list = await app.conversations.deskList(staffOf(request).identityUuid, orgCode);
      const applicationUuids = list.flatMap((c) => (c.applicationUuid ? [c.applicationUuid] : []));
      const applications = await listApplicationsByUuid(app.db, applicationUuids);
      const profiles = await listProfilesOf(
        app.db,
        applications.map((a) => a.identityUuid),
      );
      return list.map((c) => {
        const application = applications.find((a) => a.uuid === c.applicationUuid);
        const profile = application && profiles.find((p) => p.identityUuid === application.identityUuid);
        const step = application ? ZApplicationStep.safeParse(application.step) : null;
        const code = step?.success ? progressCodeForStep(step.data, false) : null;
        return {
          conversationSid: c.uuid,
          status: c.status,
          friendlyName: c.friendlyName,
          emailAddress: c.emailAddress,
          orgCode: c.orgCode,
          orgName: app.orgs.byOrgCode(c.orgCode)?.orgBrand.name ?? null,
          skill: c.skill,
          pageUrl: c.pageUrl,
          createdAt: c.createdAt.toISOString(),
          acceptedAt: c.acceptedAt?.toISOString() ?? null,
          agentName: c.agentName,
          targetAgentUuid: c.targetAgentUuid,
          signedIn: c.identityUuid !== null,
          application: application
            ? {
                uuid: application.uuid,
                loanNumber: application.loanNumber,
                step: application.step,
                progressLabel: code ? (code === 'COMPLETE' ? 'Complete' : PROGRESS_STEP_LABELS[code]) : null,
                borrowerName: profile ? `${profile.firstName} ${profile.lastName}` : null,
                amountCents: application.amountCents,
                rateBps: application.rateBps,
                termYears: application.termYears,
              }
            : null,
        };
      });
    },
  );

  app.post(
    `${DESK}/conversations/:sid/accept`,
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Accept a waiting chat (409 when another agent took it first or it ended)',
        params: z.object({ sid: ZUuid.transform((value) => value.toLowerCase()) }),
        response: { 200: z.object({ conversationSid: z.string(), agentName: z.string() }), ...errors },
      },
    },
    async (request) => {
      const staff = await app.staffDirectory.byUuid(staffOf(request).identityUuid);
      if (!staff) throw new AppError('FORBIDDEN', 'Staff only');
      const found = await app.conversations.get(request.params.sid);
      const conversation = found?.kind === 'LIVE' ? found : null;
      await authorizeStaff(request, 'CHAT_DESK', conversation?.orgCode, 'Conversation not found');
      if (!conversation) throw new AppError('NOT_FOUND', 'Conversation not found');
      if (conversation.agentUuid === staff.uuid && conversation.status !== 'ENDED')
        return { conversationSid: conversation.uuid, agentName: staff.name };
      const accepted = await app.conversations.accept(conversation.uuid, {
        identityUuid: staff.uuid,
        name: staff.name,
      });
      if (!accepted) throw new AppError('CONFLICT', 'This chat was already accepted or has ended');
      return { conversationSid: conversation.uuid, agentName: staff.name };
    },
  );
};
