/** The websocket: messages, typing previews, agent joins, ends (and the desk’s queue changes). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import {
  WEBSOCKET_LIFETIME_MS,
  WEBSOCKET_PING_INTERVAL_MS,
  ZChatSocketCommand,
  type TChatSocketEvent,
} from '@heloc/domain';
import { AppError } from '../../../lib/errors';
import { TtlCache } from '../../../lib/ttl-cache';
import { writeEvents } from '../../../lib/write-events';
import { recordStaffAudit } from '../../staff/audit';
import { agentEventFilter, loadStaffMember, staffCan } from '../../staff/policy';
import { OMNI, chatContext, type ChatRouteOptions } from './shared';

export const socketChatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, options) => {
  const { conversations } = chatContext(app, options);
  /** Conversation → organisation, for the agents' event filter (a conversation never changes organisation). */
  const conversationOrgs = new TtlCache<string>(10 * 60_000);

  app.get(
    `${OMNI}/ws`,
    {
      websocket: true,
      schema: {
        tags: ['chat'],
        summary:
          'Chat websocket (`?token=` chat token): events out, typing previews in; ping every 10 s, closed after 12 h',
        querystring: z.object({ token: z.string().min(1).max(4096) }),
      },
      preValidation: async (request) => {
        const token = (request.query as { token?: string }).token;
        if (!token) throw new AppError('UNAUTHENTICATED', 'Token state is invalid.');
        const claims = await app.chatTokens.verify(token);
        request.chatClaims = claims;
        // An agent's socket is a staff call: the member must hold CHAT_DESK (checked by the policy).
        if (claims.role === 'agent') {
          const member = await loadStaffMember(app.db, claims.identityUuid);
          if (!member) throw new AppError('UNAUTHENTICATED', 'Token state is invalid.');
          if (!staffCan(member, 'CHAT_DESK'))
            throw new AppError('FORBIDDEN', 'Your roles do not allow this (CHAT_DESK)');
          request.staff = { ...member, sessionUuid: null };
          // Platform staff's desk socket carries every organisation's events: audited like any such read.
          if (member.orgCode === null)
            await recordStaffAudit(app.db, {
              actor: member,
              action: 'PLATFORM_ACCESS',
              orgCode: null,
              data: { permission: 'CHAT_DESK', method: 'GET', route: request.routeOptions.url ?? 'ws' },
            });
        }
      },
    },
    (socket: WebSocket, request) => {
      const claims = request.chatClaims!;
      const send = (event: TChatSocketEvent) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      // Agents hear only their organisation's conversations (platform staff: all), per the policy.
      const agentMay =
        claims.role === 'agent' && request.staff
          ? agentEventFilter(request.staff, async (sid) => {
              const known = conversationOrgs.get(sid);
              if (known) return known;
              const found = await conversations.get(sid).catch(() => null);
              if (found) conversationOrgs.set(sid, found.orgCode);
              return found?.orgCode ?? null;
            })
          : null;
      let delivery: Promise<void> = Promise.resolve();
      const unsubscribe = conversations.subscribe((event) => {
        if (claims.role === 'customer') {
          if (event.type === 'queue' || !('conversationSid' in event)) return;
          if (event.conversationSid !== claims.conversationUuid) return;
          if (event.type === 'typing' && event.role === 'customer') return;
        } else if (event.type === 'typing' && event.role === 'agent') {
          return;
        }
        if (agentMay) {
          // One chain per socket keeps the events in order while an organisation is looked up.
          delivery = delivery
            .then(async () => {
              if (!('conversationSid' in event) || (await agentMay(event.conversationSid))) send(event);
            })
            .catch((error: unknown) => request.log.warn({ err: error }, 'desk event filter failed'));
          return;
        }
        send(event);
      });
      // A disabled agent's sockets close at once (disabling ends every session of the account).
      const onRevoked = (revoked: { sessionUuid: string } | { identityUuid: string }) => {
        if (
          claims.role === 'agent' &&
          'identityUuid' in revoked &&
          revoked.identityUuid === claims.identityUuid
        )
          socket.close(4401, 'signed out');
      };
      writeEvents.on('sessionsRevoked', onRevoked);
      // An application-level ping as well as the protocol one: browsers cannot see ping frames,
      // and the widget shows "Connection lost" when neither a ping nor an event arrives in time.
      const ping = setInterval(() => {
        send({ type: 'ping', at: Date.now() });
        if (socket.readyState === socket.OPEN) socket.ping();
      }, WEBSOCKET_PING_INTERVAL_MS);
      const lifetime = setTimeout(() => socket.close(4000, 'lifetime'), WEBSOCKET_LIFETIME_MS);
      socket.on('close', () => {
        writeEvents.off('sessionsRevoked', onRevoked);
        unsubscribe();
        clearInterval(ping);
        clearTimeout(lifetime);
      });
      socket.on('message', (raw) => {
        void (async () => {
          let command;
          try {
            command = ZChatSocketCommand.parse(JSON.parse(String(raw)));
          } catch {
            return; // ignore malformed input; the socket stays open
          }
          const sid =
            claims.role === 'customer' ? claims.conversationUuid : command.conversationSid?.toLowerCase();
          if (!sid) return;
          const conversation = await conversations.get(sid).catch(() => null);
          if (!conversation || conversation.status === 'ENDED') return;
          if (claims.role === 'agent' && conversation.agentUuid !== claims.identityUuid) return;
          if (agentMay && !(await agentMay(sid))) return;
          await conversations.typing(sid, claims.role, command.preview);
        })().catch((error: unknown) => request.log.warn({ err: error }, 'chat typing failed'));
      });
      send({ type: 'ready', role: claims.role });
    },
  );
};
