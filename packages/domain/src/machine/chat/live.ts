/**
 * The live chat (parallel): the socket, the token renewal, the calls (send, end) and the resync, each
 * renewing a refused token once and repeating the call, and the agent's typing line.
 */
import { assign, raise, sendTo } from 'xstate';
import { appendChatMessage, chatSetup, isRefused, liveCallInput, sendFailure } from './setup';

export const liveState = chatSetup.createStateConfig({
  type: 'parallel',
  exit: assign({ socketLost: false }),
  on: {
    'SOCKET.LOST': { actions: assign({ socketLost: ({ event }) => event.lost }) },
    TYPING: { actions: sendTo('socket', ({ event }) => ({ type: 'TYPING', preview: event.preview })) },
  },
  states: {
    connection: {
      initial: 'open',
      states: {
        open: {
          entry: assign({ socketToken: ({ context }) => context.session?.token ?? null }),
          invoke: {
            id: 'socket',
            src: 'socket',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
          },
          // The socket carries its token: a renewal that changed it reconnects with the new one.
          on: {
            'TOKEN.RENEWED': { guard: 'tokenChanged', target: 'open', reenter: true },
            // The socket's events, handled in this region: a parallel state's own handlers would be
            // skipped whenever another region (the typing line, the resync) takes the same event.
            'SOCKET.EVENT': [
              {
                guard: ({ event }) => event.event.type === 'message',
                actions: assign(({ context, event }) => ({
                  messages:
                    event.event.type === 'message'
                      ? appendChatMessage(context.messages, event.event.message)
                      : context.messages,
                })),
              },
              {
                guard: ({ event }) => event.event.type === 'agentJoined',
                actions: assign(({ context, event }) => ({
                  status: 'ACTIVE' as const,
                  agentName: event.event.type === 'agentJoined' ? event.event.agentName : context.agentName,
                })),
              },
              {
                guard: ({ event }) => event.event.type === 'ended',
                target: '#chat.ended',
                actions: [assign({ status: 'ENDED' }), 'endLive'],
              },
            ],
          },
        },
      },
    },
    renewal: {
      initial: 'scheduled',
      states: {
        scheduled: {
          after: { renewal: { guard: 'hasExpiration', target: 'renewing' } },
          on: { 'TOKEN.RENEWED': { target: 'scheduled', reenter: true } },
        },
        renewing: {
          invoke: {
            src: 'refreshToken',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
            onDone: {
              target: 'scheduled',
              actions: [
                { type: 'assignRenewedToken', params: ({ event }) => event.output },
                'persistSession',
                raise({ type: 'TOKEN.RENEWED' }),
              ],
            },
            onError: { target: '#chat.ended', actions: 'expireToken' },
          },
        },
      },
    },
    calls: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SEND: {
              target: 'sending',
              actions: [
                'clearAlert',
                assign({ outgoing: ({ event }) => ({ text: event.text, files: event.files }) }),
              ],
            },
            END: [
              { guard: 'hasLiveConversation', target: 'ending' },
              { target: '#chat.ended', actions: 'endBot' },
            ],
          },
        },
        sending: {
          tags: ['sending'],
          invoke: {
            src: 'sendMessage',
            input: ({ context }) => ({ ...liveCallInput(context), ...context.outgoing! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'appendMessage', params: ({ event }) => event.output },
                assign({ lastSendOk: true }),
                'stopTyping',
              ],
            },
            onError: [
              {
                guard: ({ event }) => isRefused(event.error),
                target: 'sendRenewing',
              },
              { target: 'idle', actions: assign(({ event }) => sendFailure(event.error)) },
            ],
          },
        },
        sendRenewing: {
          tags: ['sending'],
          invoke: {
            src: 'refreshToken',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
            onDone: {
              target: 'sendRetry',
              actions: [
                { type: 'assignRenewedToken', params: ({ event }) => event.output },
                'persistSession',
                raise({ type: 'TOKEN.RENEWED' }),
              ],
            },
            onError: {
              target: '#chat.ended',
              actions: ['expireToken', assign({ lastSendOk: false })],
            },
          },
        },
        sendRetry: {
          tags: ['sending'],
          invoke: {
            src: 'sendMessage',
            input: ({ context }) => ({ ...liveCallInput(context), ...context.outgoing! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'appendMessage', params: ({ event }) => event.output },
                assign({ lastSendOk: true }),
                'stopTyping',
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => sendFailure(event.error)),
            },
          },
        },
        ending: {
          invoke: {
            src: 'endConversation',
            input: ({ context }) => liveCallInput(context),
            onDone: { target: '#chat.ended', actions: 'endLive' },
            onError: [
              {
                guard: ({ event }) => isRefused(event.error),
                target: 'endRenewing',
              },
              { target: '#chat.ended', actions: ['genericAlert', 'endLive'] },
            ],
          },
        },
        endRenewing: {
          invoke: {
            src: 'refreshToken',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
            onDone: {
              target: 'endRetry',
              actions: [
                { type: 'assignRenewedToken', params: ({ event }) => event.output },
                'persistSession',
                raise({ type: 'TOKEN.RENEWED' }),
              ],
            },
            onError: { target: '#chat.ended', actions: 'expireToken' },
          },
        },
        endRetry: {
          invoke: {
            src: 'endConversation',
            input: ({ context }) => liveCallInput(context),
            onDone: { target: '#chat.ended', actions: 'endLive' },
            onError: { target: '#chat.ended', actions: ['genericAlert', 'endLive'] },
          },
        },
      },
    },
    /** A resync event: the conversation is read again (beside any send in flight). */
    resync: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'SOCKET.EVENT': {
              guard: ({ context, event }) =>
                event.event.type === 'resync' &&
                Boolean(context.session?.token && context.session.conversationSid),
              target: 'loading',
            },
          },
        },
        loading: {
          invoke: {
            src: 'loadConversation',
            input: ({ context }) => liveCallInput(context),
            onDone: { target: 'idle', actions: assign({ messages: ({ event }) => event.output.messages }) },
            onError: [
              {
                guard: ({ event }) => isRefused(event.error),
                target: 'renewing',
              },
              { target: 'idle', actions: 'genericAlert' },
            ],
          },
        },
        renewing: {
          invoke: {
            src: 'refreshToken',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
            onDone: {
              target: 'reloading',
              actions: [
                { type: 'assignRenewedToken', params: ({ event }) => event.output },
                'persistSession',
                raise({ type: 'TOKEN.RENEWED' }),
              ],
            },
            onError: { target: '#chat.ended', actions: 'expireToken' },
          },
        },
        reloading: {
          invoke: {
            src: 'loadConversation',
            input: ({ context }) => liveCallInput(context),
            onDone: { target: 'idle', actions: assign({ messages: ({ event }) => event.output.messages }) },
            onError: { target: 'idle', actions: 'genericAlert' },
          },
        },
      },
    },
    /** "Agent is typing…": shown on a non-empty preview, gone on a message, an empty one or after 3 s. */
    typing: {
      initial: 'quiet',
      states: {
        quiet: {
          on: {
            'SOCKET.EVENT': {
              guard: ({ event }) => event.event.type === 'typing' && event.event.preview.trim().length > 0,
              target: 'shown',
            },
          },
        },
        shown: {
          after: { typingFade: 'quiet' },
          on: {
            'SOCKET.EVENT': {
              guard: ({ event }) =>
                event.event.type === 'message' ||
                (event.event.type === 'typing' && event.event.preview.trim().length === 0),
              target: 'quiet',
            },
          },
        },
      },
    },
  },
});
