/**
 * The chat machine of @heloc/domain with the widget's real actors: the chat calls of spec 2 §7, the
 * websocket (the shared connection with the widget's policy: backoff up to 10 s, and a socket silent
 * for 2.5 ping intervals is closed and reopened, which shows "Connection lost. Attempting to
 * reconnect."), the session in local storage, the survey in a new tab.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import {
  WEBSOCKET_PING_INTERVAL_MS,
  chatMachine,
  chatSocketBackoffMs,
  connectChatSocket,
  uuidFromPath,
  type TChatSocketCommand,
} from '@heloc/domain';
import { chatApi, chatSocketUrl, sendLiveMessage } from '../api/chat-api';
import { clearSession, loadSession, saveSession } from '../utils/session-store';

const SILENCE_LIMIT_MS = WEBSOCKET_PING_INTERVAL_MS * 2.5;
/** The page the chat was opened from, as the chat calls carry it (bounded like the server's field). */
const pageUrl = () => window.location.href.slice(0, 2048);
const applicationUuid = () => uuidFromPath(window.location.pathname);

function widgetMachine() {
  return chatMachine.provide({
    actors: {
      socket: fromCallback<TChatSocketCommand, { token: string }>(({ input, sendBack, receive }) => {
        const connection = connectChatSocket({
          url: chatSocketUrl(input.token),
          open: (url) => new WebSocket(url),
          onEvent: (event) => sendBack({ type: 'SOCKET.EVENT', event }),
          onLost: (lost) => sendBack({ type: 'SOCKET.LOST', lost }),
          retryDelayMs: chatSocketBackoffMs,
          silenceLimitMs: SILENCE_LIMIT_MS,
        });
        receive((command) => connection.sendTyping(command.preview));
        return () => connection.close();
      }),
      refreshToken: fromPromise(({ input }) => chatApi.refreshToken(input.token)),
      loadConversation: fromPromise(({ input }) => chatApi.conversation(input.token, input.conversationSid)),
      loadHistory: fromPromise(({ input }) => chatApi.chatbotHistory(input.conversationId)),
      startChat: fromPromise(({ input: { form, devMode, nonce, orgCode } }) =>
        chatApi.initWebChat({
          friendlyName: form.friendlyName,
          emailAddress: form.emailAddress || null,
          applicationUuid: applicationUuid(),
          welcomeMessage: form.message,
          pageUrl: pageUrl(),
          chatMode: devMode ?? 'twilio',
          nonce,
          orgCode,
          agentId: form.agentId || null,
          prodType: 'HELOC',
        }),
      ),
      sendMessage: fromPromise(({ input }) =>
        sendLiveMessage(input.token, input.conversationSid, input.text, input.files),
      ),
      endConversation: fromPromise(({ input }) => chatApi.end(input.token, input.conversationSid)),
      askBot: fromPromise(({ input }) =>
        chatApi.chatWithAutobot({
          applicationId: applicationUuid(),
          conversationId: input.conversationId,
          message: input.message,
          nonce: input.nonce,
          organization: input.orgCode,
          pageUrl: pageUrl(),
          senderId: null,
          senderType: 'APPLICANT',
          tag: null,
        }),
      ),
      sendFeedback: fromPromise(({ input }) => chatApi.feedback(input)),
      // Spec 2 §8: a missing omni proxy value or contact id throws (the general alert shows).
      survey: fromPromise(async ({ input: { session } }) => {
        if (!session?.token || !session.omniProxyChannelId) throw new Error('missing omni proxy channel');
        const info = await chatApi.webChatInfo(session.token, session.omniProxyChannelId);
        if (!info.contactId) throw new Error('missing contact id');
        window.open(info.surveyUrl, '_blank', 'noopener');
      }),
    },
    actions: {
      persistSession: ({ context }) => {
        if (context.session) saveSession(context.session);
        else clearSession();
      },
    },
  });
}

/** The running chat machine of this window (restored from local storage once) and its snapshot. */
export function useChatMachine() {
  const [machine] = useState(widgetMachine);
  const [session] = useState(loadSession);
  const actor = useActorRef(machine, { input: { session } });
  const snapshot = useSelector(actor, (state) => state);
  return { actor, snapshot };
}

export type ChatActor = ReturnType<typeof useChatMachine>['actor'];
