/**
 * A test harness for the chat machine: every actor replaced by a controllable fake (vi.fn answers),
 * the session store recorded, sockets recorded with what they were sent. Test-only (imported by the
 * machine's tests, never by the apps).
 */
import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type {
  TChatConversationState,
  TChatMessage,
  TChatSession,
  TChatSocketEvent,
  TChatbotHistoryItem,
} from '../../schemas/chat';
import { chatMachine } from './machine';
import type { TChatMachineEvent } from './setup';

export const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
export const HOUR = 60 * 60_000;

export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export const message = (sid: string, body = sid, role: 'customer' | 'agent' = 'agent'): TChatMessage => ({
  sid,
  author: role === 'agent' ? 'Ops' : 'Dana',
  body,
  media: [],
  dateCreated: new Date(NOW).toISOString(),
  role,
});

export const conversation = (
  status: TChatConversationState['status'],
  messages: TChatMessage[] = [message('m1')],
  agentName: string | null = status === 'ACTIVE' ? 'Ops' : null,
): TChatConversationState => ({ conversationSid: 'CH1', status, agentName, messages, hasMore: false });

export const botLine = (n: number): TChatbotHistoryItem => ({
  questionId: `00000000-0000-4000-8000-00000000000${n}`,
  questionStr: `question ${n}`,
  responseStr: `answer ${n}`,
  createdDt: new Date(NOW).toISOString(),
});

export const LIVE_SESSION: TChatSession = {
  token: 'token-1',
  conversationSid: 'CH1',
  expiration: NOW + 6 * HOUR,
  friendlyName: 'Dana',
  omniProxyChannelId: 'omni-1',
};
export const BOT_SESSION: TChatSession = {
  conversationId: '00000000-0000-4000-8000-0000000000aa',
  expiration: NOW + 10 * 60_000,
};

interface FakeSocket {
  token: string;
  typing: string[];
  closed: boolean;
  emit: (event: TChatMachineEvent) => void;
}

export function harness(session: TChatSession | null) {
  const api = {
    refreshToken: vi.fn(async (_: { token: string }) => ({
      token: 'token-2',
      expiration: Date.now() + 6 * HOUR,
    })),
    loadConversation: vi.fn(async (_: { token: string; conversationSid: string }) => conversation('WAITING')),
    loadHistory: vi.fn(async (_: { conversationId: string }) => ({
      conversationId: BOT_SESSION.conversationId!,
      items: [botLine(1)],
      expiration: NOW + 10 * 60_000,
      expired: false,
    })),
    startChat: vi.fn(async (_: unknown) => ({
      token: 'token-1',
      conversationSid: 'CH1',
      omniProxyChannelId: 'omni-1',
      providerChannelId: 'prov-1',
      targetWorkerSid: null,
      targetWorkerFriendlyName: null,
      skill: 'HELOC',
      expiration: NOW + 6 * HOUR,
    })),
    sendMessage: vi.fn(async (input: { token: string; text: string }) =>
      message('sent', input.text, 'customer'),
    ),
    endConversation: vi.fn(async (_: { token: string }) => undefined),
    askBot: vi.fn(async (input: { message: string; conversationId: string | null }) => ({
      conversationId: input.conversationId ?? BOT_SESSION.conversationId!,
      item: { ...botLine(2), questionStr: input.message },
      offerLiveAgent: false,
      expiration: NOW + 20 * 60_000,
    })),
    sendFeedback: vi.fn(async (_: unknown) => undefined),
    survey: vi.fn(async (_: unknown) => undefined),
  };
  const sockets: FakeSocket[] = [];
  const stored: (TChatSession | null)[] = [];
  const machine = chatMachine.provide({
    actors: {
      socket: fromCallback<{ type: 'TYPING'; preview: string }, { token: string }>(
        ({ input, sendBack, receive }) => {
          const socket: FakeSocket = { token: input.token, typing: [], closed: false, emit: sendBack };
          sockets.push(socket);
          receive((command) => socket.typing.push(command.preview));
          return () => {
            socket.closed = true;
          };
        },
      ),
      refreshToken: fromPromise(({ input }) => api.refreshToken(input)),
      loadConversation: fromPromise(({ input }) => api.loadConversation(input)),
      loadHistory: fromPromise(({ input }) => api.loadHistory(input)),
      startChat: fromPromise(({ input }) => api.startChat(input)),
      sendMessage: fromPromise(({ input }) => api.sendMessage(input)),
      endConversation: fromPromise(({ input }) => api.endConversation(input)),
      askBot: fromPromise(({ input }) => api.askBot(input)),
      sendFeedback: fromPromise(({ input }) => api.sendFeedback(input)),
      survey: fromPromise(({ input }) => api.survey(input)),
    },
    actions: { persistSession: ({ context }) => void stored.push(context.session) },
  });
  const actor = createActor(machine, { input: { session, now: () => Date.now() } });
  const socketEvent = (event: TChatSocketEvent) =>
    sockets[sockets.length - 1]!.emit({ type: 'SOCKET.EVENT', event });
  return { actor, api, sockets, stored, socketEvent };
}

/** Lets the fakes' promises settle (fake timers: nothing else moves). */
export const settle = () => vi.advanceTimersByTimeAsync(0);
