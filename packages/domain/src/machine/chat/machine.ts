/**
 * The chat widget's phases (spec 2 §2, §4, §8) as an XState v5 machine, as DESIGN.md promised.
 *
 * loading → (the chat config and the hours are known) → the mode choice of spec 2 §4:
 * - a stored live session → restoringLive (conversation; a refused token is renewed once) → live or ended;
 * - a stored chatbot session → restoringBot (history) → bot or ended (expired);
 * - otherwise prechat (live agent during hours) or bot. A restore that fails deactivates the chat.
 * prechat → starting (initWebChat) → joining (the conversation) → live.
 * live (parallel): the socket; the token renewal ten minutes before the token's end; the calls (send,
 * end) and the resync, each renewing a refused token once and repeating the call; the agent's typing
 * line. A renewal that fails ends the chat (`ended.tokenExpired`): the transcript stays, and the
 * borrower's own sign-in is never touched (chat calls never reach the sign-in rule).
 * bot: questions, the Bad Response feedback, the live-agent offer, the session's expiry.
 * ended: the end panel (Start new chat; the survey for live chats that still have their token).
 *
 * Every side effect is an actor or an action the app provides (`machine.provide`): the chat API
 * calls, the socket, the token refresh, the history, the session store. Tests swap them.
 */
import { assign } from 'xstate';
import { chatbotFeedbackMessage } from '../../schemas/feedback';
import {
  chatSetup,
  httpStatusOf,
  isRefused,
  liveCallInput,
  sendFailure,
  sessionOfStartedChat,
  type TChatMachineEvent,
} from './setup';
import { liveState } from './live';

export const chatMachine = chatSetup.createMachine({
  id: 'chat',
  context: ({ input }) => ({
    session: input.session,
    orgCode: '',
    openNow: null,
    configReady: false,
    devMode: null,
    nonce: null,
    form: null,
    messages: [],
    status: 'WAITING',
    agentName: null,
    botLines: [],
    offerLiveAgent: false,
    ratedCount: -1,
    feedbackOpen: false,
    alert: null,
    socketLost: false,
    socketToken: null,
    ended: null,
    outgoing: null,
    lastSendOk: false,
    now: input.now ?? Date.now,
  }),
  on: {
    ENV: {
      actions: assign(({ event }) => ({
        configReady: event.configReady,
        openNow: event.openNow,
        devMode: event.devMode,
        orgCode: event.orgCode,
      })),
    },
    NONCE: { actions: assign({ nonce: ({ event }) => event.nonce }) },
    'ALERT.SHOW': { actions: assign({ alert: ({ event }) => event.alert }) },
    'ALERT.DISMISS': { actions: 'clearAlert' },
    'FEEDBACK.CLOSE': { actions: assign({ feedbackOpen: false }) },
  },
  initial: 'loading',
  states: {
    loading: {
      always: { guard: 'envReady', target: 'choosing' },
    },
    choosing: {
      always: [
        { guard: 'restoreLive', target: 'restoringLive' },
        { guard: 'restoreBot', target: 'restoringBot' },
        { guard: 'modeIsChatbot', target: 'bot', actions: ['forgetSession', 'persistSession'] },
        { target: 'prechat', actions: ['forgetSession', 'persistSession'] },
      ],
    },
    restoringLive: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadConversation',
            input: ({ context }) => liveCallInput(context),
            onDone: [
              {
                guard: { type: 'conversationEnded', params: ({ event }) => event.output },
                target: '#chat.ended',
                actions: [{ type: 'assignConversation', params: ({ event }) => event.output }, 'endLive'],
              },
              {
                target: '#chat.live',
                actions: { type: 'assignConversation', params: ({ event }) => event.output },
              },
            ],
            onError: [
              { guard: ({ event }) => isRefused(event.error), target: 'renewing' },
              { target: '#chat.restoreFailed' },
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
              ],
            },
            onError: { target: '#chat.restoreFailed' },
          },
        },
        reloading: {
          invoke: {
            src: 'loadConversation',
            input: ({ context }) => liveCallInput(context),
            onDone: [
              {
                guard: { type: 'conversationEnded', params: ({ event }) => event.output },
                target: '#chat.ended',
                actions: [{ type: 'assignConversation', params: ({ event }) => event.output }, 'endLive'],
              },
              {
                target: '#chat.live',
                actions: { type: 'assignConversation', params: ({ event }) => event.output },
              },
            ],
            onError: { target: '#chat.restoreFailed' },
          },
        },
      },
    },
    restoringBot: {
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ conversationId: context.session?.conversationId ?? '' }),
        onDone: [
          {
            guard: { type: 'historyExpired', params: ({ event }) => event.output },
            target: 'ended',
            actions: [assign({ botLines: ({ event }) => event.output.items }), 'endBot'],
          },
          { target: 'bot', actions: assign({ botLines: ({ event }) => event.output.items }) },
        ],
        // Deactivated: the chatbot starts afresh (the mode was chatbot).
        onError: { target: 'bot', actions: ['forgetSession', 'persistSession'] },
      },
    },
    /** Spec 2 §8: a session restore failure deactivates the chat. */
    restoreFailed: {
      always: [
        { guard: 'openNow', target: 'prechat', actions: ['forgetSession', 'persistSession'] },
        { target: 'bot', actions: ['forgetSession', 'persistSession'] },
      ],
    },
    prechat: {
      on: {
        // The dev-only Backspace shortcut ends whatever is shown, the form included.
        END: { target: 'ended', actions: 'endBot' },
        START: {
          target: 'starting',
          actions: ['clearAlert', assign({ form: ({ event }) => event.form })],
        },
      },
    },
    starting: {
      invoke: {
        src: 'startChat',
        input: ({ context }) => ({
          form: context.form!,
          devMode: context.devMode,
          nonce: context.nonce,
          orgCode: context.orgCode,
        }),
        onDone: {
          target: 'joining',
          actions: [
            assign(({ context, event }) => ({
              session: sessionOfStartedChat(event.output, context.form!, context.now()),
              messages: [],
              status: 'WAITING' as const,
            })),
            'persistSession',
          ],
        },
        onError: { target: 'prechat', actions: 'genericAlert' },
      },
    },
    joining: {
      invoke: {
        src: 'loadConversation',
        input: ({ context }) => liveCallInput(context),
        onDone: {
          target: 'live',
          actions: { type: 'assignConversation', params: ({ event }) => event.output },
        },
        onError: { target: 'prechat', actions: 'genericAlert' },
      },
    },
    live: liveState,
    bot: {
      initial: 'idle',
      on: {
        END: { target: 'ended', actions: ['endBot', 'expireBotSession', 'persistSession'] },
        'FEEDBACK.OPEN': { actions: assign({ feedbackOpen: true }) },
        /** "Chat with a live agent" (offered when the bot could not answer during hours). */
        LIVE_AGENT: {
          target: 'prechat',
          actions: ['forgetSession', 'persistSession', assign({ botLines: [], offerLiveAgent: false })],
        },
      },
      states: {
        idle: {
          // The chatbot session ends at its expiration (extended by each question).
          after: { botExpiry: { guard: 'hasExpiration', target: '#chat.ended', actions: 'endBot' } },
          on: {
            SEND: {
              target: 'asking',
              actions: [
                'clearAlert',
                assign({ outgoing: ({ event }) => ({ text: event.text, files: event.files }) }),
              ],
            },
            'FEEDBACK.SUBMIT': { guard: 'canRate', target: 'rating', actions: 'clearAlert' },
          },
        },
        asking: {
          tags: ['sending'],
          invoke: {
            src: 'askBot',
            input: ({ context }) => ({
              message: context.outgoing?.text ?? '',
              conversationId: context.session?.conversationId ?? null,
              nonce: context.nonce,
              orgCode: context.orgCode,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  botLines: [...context.botLines, event.output.item],
                  // The server decides at answer time: the page's open-hours flag may be a minute
                  // old, and "agents are available" must come with its button.
                  offerLiveAgent: event.output.offerLiveAgent,
                  session: {
                    ...(context.session ?? {}),
                    conversationId: event.output.conversationId,
                    expiration: event.output.expiration,
                    loginTimestamp: context.session?.loginTimestamp ?? context.now(),
                  },
                  lastSendOk: true,
                })),
                'persistSession',
              ],
            },
            onError: [
              {
                // The chatbot session is over on the server: the end panel replaces the composer.
                guard: ({ event }) => httpStatusOf(event.error) === 409,
                target: '#chat.ended',
                actions: ['endBot', assign({ lastSendOk: false })],
              },
              { target: 'idle', actions: assign(({ event }) => sendFailure(event.error)) },
            ],
          },
        },
        rating: {
          tags: ['rating'],
          invoke: {
            src: 'sendFeedback',
            input: ({ context, event }) => {
              const last = context.botLines[context.botLines.length - 1]!;
              const feedback = (event as Extract<TChatMachineEvent, { type: 'FEEDBACK.SUBMIT' }>).feedback;
              return {
                questionId: last.questionId,
                conversationId: context.session?.conversationId ?? '',
                responseToCustomer: last.responseStr,
                feedbackMessage: chatbotFeedbackMessage(feedback),
                rating: 0 as const,
                senderEmail: context.session?.emailAddress ?? null,
                senderType: 'APPLICANT' as const,
                nonce: context.nonce,
              };
            },
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => ({
                ratedCount: context.botLines.length,
                feedbackOpen: false,
              })),
            },
            onError: { target: 'idle', actions: ['genericAlert', assign({ feedbackOpen: false })] },
          },
        },
      },
    },
    ended: {
      initial: 'idle',
      on: { NEW_CHAT: { target: 'loading', actions: ['reset', 'persistSession'] } },
      states: {
        idle: { on: { SURVEY: { target: 'survey', actions: 'clearAlert' } } },
        survey: {
          invoke: {
            src: 'survey',
            input: ({ context }) => ({ session: context.session }),
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: 'genericAlert' },
          },
        },
      },
    },
  },
});

/** The window's phase: which panel it shows (the restore and start steps show their neighbours). */
export type TChatPhase = 'loading' | 'prechat' | 'live' | 'bot' | 'ended';

const PHASE_OF_STATE: Record<string, TChatPhase> = {
  loading: 'loading',
  choosing: 'loading',
  restoringLive: 'loading',
  restoringBot: 'loading',
  restoreFailed: 'loading',
  prechat: 'prechat',
  starting: 'prechat',
  joining: 'prechat',
  live: 'live',
  bot: 'bot',
  ended: 'ended',
};

export function chatPhase(value: string | Record<string, unknown>): TChatPhase {
  const top = typeof value === 'string' ? value : (Object.keys(value)[0] ?? 'loading');
  return PHASE_OF_STATE[top] ?? 'loading';
}
