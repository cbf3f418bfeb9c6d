/** The chat machine's types, actors (placeholders the app replaces), actions, guards and delays. */
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { chooseChatMode, isLiveSession } from '../../chat';
import {
  CHAT_ALERTS,
  CHAT_TYPING_PREVIEW_INTERVAL_MS,
  LIVE_CHAT_TOKEN_LIFETIME_MS,
  type TChatAlert,
} from '../../constants';
import type { TChatMode } from '../../enums';
import type {
  TChatConversationState,
  TChatConversationStatus,
  TChatMessage,
  TChatSession,
  TChatSocketEvent,
  TChatbotFeedbackRequest,
  TChatbotHistoryItem,
  TChatbotHistoryResponse,
  TChatbotMessageResponse,
  TInitWebChatResponse,
} from '../../schemas/chat';
import type { TChatbotFeedback } from '../../schemas/feedback';

const RENEW_BEFORE_END_MS = 10 * 60_000;
const MIN_RENEWAL_DELAY_MS = 60_000;
/** The longest timer a browser keeps (a longer one fires at once); guards then skip it. */
const NEVER_MS = 2_147_483_647;

/**
 * When to renew a live token (spec 2 §9: they last 6 hours): ten minutes before its end, but never
 * sooner than a minute from now. The expiration is the server's time: with a browser clock running
 * ahead of it, "ten minutes before" may already have passed for every new token, which must not
 * become a loop of renewals.
 */
export function renewalDelay(expiration: number, now: number): number {
  return Math.min(
    Math.max(MIN_RENEWAL_DELAY_MS, expiration - now - RENEW_BEFORE_END_MS),
    LIVE_CHAT_TOKEN_LIFETIME_MS - RENEW_BEFORE_END_MS,
  );
}

/** The HTTP status of a failed call (the apps' API errors carry one), null for anything else. */
export function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}
/** A refused chat token (401 "Token state is invalid."). */
export const isRefused = (error: unknown) => httpStatusOf(error) === 401;

/** A file to attach (a browser File). */
export type TChatAttachment = Blob & { readonly name: string };

export interface TPreChatValues {
  friendlyName: string;
  emailAddress: string;
  message: string;
  agentId: string;
}

/** How the chat ended; `tokenExpired`: the live token ran out and could not be renewed. */
export interface TChatEnded {
  live: boolean;
  tokenExpired: boolean;
}

export interface TChatMachineContext {
  session: TChatSession | null;
  /** The page's organisation (the chat calls carry it). */
  orgCode: string;
  /** Whether live agents are available now; null until the hours are known. */
  openNow: boolean | null;
  configReady: boolean;
  /** The dev-only `mode` query (only passed when dev features are on). */
  devMode: TChatMode | null;
  /** Borrower authentication nonce (fe-webchat-borrower-auth), when signed in. */
  nonce: string | null;
  form: TPreChatValues | null;
  messages: TChatMessage[];
  status: TChatConversationStatus;
  agentName: string | null;
  botLines: TChatbotHistoryItem[];
  offerLiveAgent: boolean;
  /** How many bot answers there were when the last Bad Response was sent (-1: none). */
  ratedCount: number;
  feedbackOpen: boolean;
  alert: TChatAlert | null;
  socketLost: boolean;
  /** The token the running socket was opened with (a renewal that changes it reconnects). */
  socketToken: string | null;
  ended: TChatEnded | null;
  /** The message being sent (kept for the repeat after a renewal). */
  outgoing: { text: string; files: readonly TChatAttachment[] } | null;
  /** Whether the last send succeeded (the composer then clears). */
  lastSendOk: boolean;
  now: () => number;
}

export type TChatMachineEvent =
  | {
      type: 'ENV';
      orgCode: string;
      configReady: boolean;
      openNow: boolean | null;
      devMode: TChatMode | null;
    }
  | { type: 'NONCE'; nonce: string | null }
  | { type: 'START'; form: TPreChatValues }
  | { type: 'SEND'; text: string; files: readonly TChatAttachment[] }
  | { type: 'TYPING'; preview: string }
  | { type: 'END' }
  | { type: 'NEW_CHAT' }
  | { type: 'SURVEY' }
  | { type: 'LIVE_AGENT' }
  | { type: 'FEEDBACK.OPEN' }
  | { type: 'FEEDBACK.CLOSE' }
  | { type: 'FEEDBACK.SUBMIT'; feedback: TChatbotFeedback }
  | { type: 'ALERT.SHOW'; alert: TChatAlert }
  | { type: 'ALERT.DISMISS' }
  | { type: 'SOCKET.EVENT'; event: TChatSocketEvent }
  | { type: 'SOCKET.LOST'; lost: boolean }
  | { type: 'TOKEN.RENEWED' };

export interface TChatMachineInput {
  session: TChatSession | null;
  now?: () => number;
}

/** What the socket actor receives: typing previews to pass on. */
export type TChatSocketCommand = { type: 'TYPING'; preview: string };

export interface TLiveCallInput {
  token: string;
  conversationSid: string;
}

/** The actors an app provides; these placeholders fail loudly if one is forgotten. */
const missing = (name: string) => () => {
  throw new Error(`chat machine: the "${name}" actor was not provided`);
};

export const chatSetup = setup({
  types: {
    context: {} as TChatMachineContext,
    events: {} as TChatMachineEvent,
    input: {} as TChatMachineInput,
  },
  actors: {
    /** The chat websocket for a live token: sends SOCKET.EVENT and SOCKET.LOST, receives TYPING. */
    socket: fromCallback<TChatSocketCommand, { token: string }>(missing('socket')),
    refreshToken: fromPromise<{ token: string; expiration: number }, { token: string }>(
      missing('refreshToken'),
    ),
    loadConversation: fromPromise<TChatConversationState, TLiveCallInput>(missing('loadConversation')),
    loadHistory: fromPromise<TChatbotHistoryResponse, { conversationId: string }>(missing('loadHistory')),
    startChat: fromPromise<
      TInitWebChatResponse,
      { form: TPreChatValues; devMode: TChatMode | null; nonce: string | null; orgCode: string }
    >(missing('startChat')),
    sendMessage: fromPromise<
      TChatMessage,
      TLiveCallInput & { text: string; files: readonly TChatAttachment[] }
    >(missing('sendMessage')),
    endConversation: fromPromise<unknown, TLiveCallInput>(missing('endConversation')),
    askBot: fromPromise<
      TChatbotMessageResponse,
      { message: string; conversationId: string | null; nonce: string | null; orgCode: string }
    >(missing('askBot')),
    sendFeedback: fromPromise<unknown, TChatbotFeedbackRequest>(missing('sendFeedback')),
    /** Opens the survey (its link needs the chat token and the omni proxy channel). */
    survey: fromPromise<unknown, { session: TChatSession | null }>(missing('survey')),
  },
  actions: {
    /** Writes context.session to the store (or clears it when null); the app provides it. */
    persistSession: () => undefined,
    clearAlert: assign({ alert: null }),
    genericAlert: assign({ alert: CHAT_ALERTS.generic }),
    forgetSession: assign({ session: null }),
    assignConversation: assign((_, state: TChatConversationState) => ({
      messages: state.messages,
      status: state.status,
      agentName: state.agentName,
    })),
    assignRenewedToken: assign(({ context }, fresh: { token: string; expiration: number }) => ({
      session: { ...context.session, token: fresh.token, expiration: fresh.expiration },
    })),
    endLive: assign({ ended: { live: true, tokenExpired: false } }),
    endBot: assign({ ended: { live: false, tokenExpired: false } }),
    /**
     * "End chat" on the chatbot: its session expires now (persisted after), so a reload shows the
     * ended chat with its transcript instead of bringing the conversation back to life.
     */
    expireBotSession: assign(({ context }) => ({
      session: context.session ? { ...context.session, expiration: context.now() } : null,
    })),
    /** The live token ran out and renewal failed: the chat ends, its transcript stays on screen. */
    expireToken: assign({ alert: CHAT_ALERTS.invalidToken, ended: { live: true, tokenExpired: true } }),
    appendMessage: assign(({ context }, message: TChatMessage) => ({
      messages: appendChatMessage(context.messages, message),
    })),
    stopTyping: sendTo('socket', { type: 'TYPING', preview: '' } satisfies TChatSocketCommand),
    reset: assign({
      session: null,
      messages: [],
      botLines: [],
      ended: null,
      alert: null,
      offerLiveAgent: false,
      ratedCount: -1,
      agentName: null,
      status: 'WAITING',
      feedbackOpen: false,
    }),
  },
  guards: {
    envReady: ({ context }) => context.configReady && context.openNow !== null,
    restoreLive: ({ context }) => isLiveSession(context.session) && modeOf(context) !== 'chatbot',
    restoreBot: ({ context }) => Boolean(context.session?.conversationId) && modeOf(context) === 'chatbot',
    modeIsChatbot: ({ context }) => modeOf(context) === 'chatbot',
    openNow: ({ context }) => context.openNow === true,
    conversationEnded: (_, state: TChatConversationState) => state.status === 'ENDED',
    /** The server's session expired, or the borrower ended it here (its stored expiration passed). */
    historyExpired: ({ context }, history: TChatbotHistoryResponse) =>
      history.expired ||
      (context.session?.expiration !== undefined && context.session.expiration <= context.now()),
    hasExpiration: ({ context }) => context.session?.expiration !== undefined,
    tokenChanged: ({ context }) => (context.session?.token ?? null) !== context.socketToken,
    hasLiveConversation: ({ context }) => Boolean(context.session?.token && context.session.conversationSid),
    canRate: ({ context }) => context.botLines.length > 0 && Boolean(context.session?.conversationId),
  },
  delays: {
    renewal: ({ context }) =>
      context.session?.expiration === undefined
        ? NEVER_MS
        : renewalDelay(context.session.expiration, context.now()),
    botExpiry: ({ context }) =>
      context.session?.expiration === undefined
        ? NEVER_MS
        : Math.min(NEVER_MS, Math.max(0, context.session.expiration - context.now())),
    typingFade: 3 * CHAT_TYPING_PREVIEW_INTERVAL_MS,
  },
});

export function modeOf(context: TChatMachineContext): TChatMode {
  return chooseChatMode({
    session: context.session,
    openNow: context.openNow === true,
    devMode: context.devMode,
  });
}

export function liveCallInput(context: TChatMachineContext): TLiveCallInput {
  return { token: context.session?.token ?? '', conversationSid: context.session?.conversationSid ?? '' };
}

/** Adds a message unless it is already there (it may arrive both as the answer and on the socket). */
export function appendChatMessage(list: readonly TChatMessage[], message: TChatMessage): TChatMessage[] {
  return list.some((each) => each.sid === message.sid) ? [...list] : [...list, message];
}

export function sessionOfStartedChat(
  started: TInitWebChatResponse,
  form: TPreChatValues,
  now: number,
): TChatSession {
  return {
    token: started.token,
    conversationSid: started.conversationSid,
    expiration: started.expiration,
    friendlyName: form.friendlyName,
    emailAddress: form.emailAddress,
    initialMessage: form.message,
    omniProxyChannelId: started.omniProxyChannelId,
    providerChannelId: started.providerChannelId,
    loginTimestamp: now,
  };
}

/** A message that could not be sent: the composer keeps it; a refused token says so, else "resend". */
export function sendFailure(error: unknown): Pick<TChatMachineContext, 'lastSendOk' | 'alert'> {
  return {
    lastSendOk: false,
    alert: isRefused(error) ? CHAT_ALERTS.invalidToken : CHAT_ALERTS.sendFailed,
  };
}
