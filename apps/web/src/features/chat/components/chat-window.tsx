/**
 * The chat window (a lazy chunk): header, alert strip, pre-chat form, message list, composer and the
 * end panel (spec 2 §2), for the live agent and the chatbot (§4). The session lives in local
 * storage and is restored on load; a restore that fails deactivates the chat (the session is dropped).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ActionIcon.css';
import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  chatbotFeedbackMessage,
  CHAT_ALERTS,
  CHAT_ATTACHMENT_ACCEPT,
  CHAT_AUTH_REFRESH_INTERVAL_MS,
  CHAT_HOURS_POLL_INTERVAL_MS,
  CHAT_TEXTS,
  CHAT_TYPING_PREVIEW_INTERVAL_MS,
  CHAT_WAITING_DOTS_INTERVAL_MS,
  QUERY_PARAMS,
  REQUIRED_MESSAGE,
  ZChatMode,
  ZPreChatForm,
  ZPreChatFormDevAgent,
  attachmentsAllowed,
  chooseChatMode,
  formatFileSize,
  isAcceptedChatAttachment,
  isLiveSession,
  isSendableChatMessage,
  uuidFromPath,
  type TChatAlert,
  type TChatMessage,
  type TChatMode,
  type TChatSession,
  type TChatSocketEvent,
  type TChatbotHistoryItem,
} from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { ApiError } from '@/lib/api-client';
import { chatApi, downloadMedia, sendLiveMessage } from '../api/chat-api';
import { useChatSocket } from '../hooks/use-chat-socket';
import { clearSession, loadSession, saveSession } from '../utils/session-store';
import { renewalDelay } from '../utils/token-renewal';
import { BadResponseDialog } from './bad-response-dialog';
import { MessageText } from './message-text';

export interface ChatWindowProps {
  orgCode: string;
  signedIn: boolean;
  borrowerAuthEnabled: boolean;
  open: boolean;
  onCollapse: () => void;
}

type Phase = 'loading' | 'prechat' | 'live' | 'bot' | 'ended';
/** How the chat ended; `tokenExpired`: the live chat's token ran out and could not be renewed. */
type Ended = { live: boolean; tokenExpired?: boolean };

/** A live call gave up because the chat token ran out and renewal failed (the end panel is shown). */
class ChatTokenExpired extends Error {
  override readonly name = 'ChatTokenExpired';
}

const isTokenRefused = (error: unknown) => error instanceof ApiError && error.status === 401;
type BotLine = TChatbotHistoryItem;

/** The dev-only `mode` query (spec 2 §2): honoured only when the server says dev features are on. */
function devModeFromUrl(): TChatMode | null {
  const value = new URLSearchParams(window.location.search).get(QUERY_PARAMS.mode);
  const parsed = ZChatMode.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function WaitingLine() {
  const [dots, setDots] = useState(1);
  useEffect(() => {
    const timer = setInterval(() => setDots((count) => (count % 3) + 1), CHAT_WAITING_DOTS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="sm" c="dimmed" ta="center" data-testid="chat-waiting">
      {CHAT_TEXTS.waitingForAgent}
      <span aria-hidden="true">{'.'.repeat(dots)}</span>
    </Text>
  );
}

export default function ChatWindow({
  orgCode,
  signedIn,
  borrowerAuthEnabled,
  open,
  onCollapse,
}: ChatWindowProps) {
  const config = useQuery({ queryKey: ['chat', 'config'], queryFn: chatApi.config, staleTime: Infinity });
  const openStatus = useQuery({
    queryKey: ['chat', 'openStatus', orgCode],
    queryFn: chatApi.openStatus,
    refetchInterval: CHAT_HOURS_POLL_INTERVAL_MS,
  });
  const devFeatures = config.data?.devFeatures === true;
  const devMode = devFeatures ? devModeFromUrl() : null;
  const devAgentMode = devMode !== null && devMode !== 'chatbot';
  const agents = useQuery({ queryKey: ['chat', 'agents'], queryFn: chatApi.agents, enabled: devAgentMode });
  const linkHosts = config.data?.linkHosts ?? [];

  const [session, setSession] = useState<TChatSession | null>(() => loadSession());
  const [phase, setPhase] = useState<Phase>('loading');
  const [ended, setEnded] = useState<Ended | null>(null);
  const [alert, setAlert] = useState<TChatAlert | null>(null);
  const [liveOverride, setLiveOverride] = useState(false);
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [status, setStatus] = useState<'WAITING' | 'ACTIVE' | 'ENDED'>('WAITING');
  const [agentName, setAgentName] = useState<string | null>(null);
  const [agentTyping, setAgentTyping] = useState(false);
  const [botLines, setBotLines] = useState<BotLine[]>([]);
  const [offerLiveAgent, setOfferLiveAgent] = useState(false);
  const [ratedCount, setRatedCount] = useState(-1);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [feedbackSending, setFeedbackSending] = useState(false);
  const [nonce, setNonce] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const update = useCallback((next: TChatSession | null) => {
    setSession(next);
    if (next) saveSession(next);
    else clearSession();
  }, []);

  // Borrower authentication (gated): a nonce, refreshed every 60 s while the window exists.
  useEffect(() => {
    if (!signedIn || !borrowerAuthEnabled) return undefined;
    let current: string | null = null;
    let cancelled = false;
    chatApi
      .authenticate()
      .then((answer) => {
        if (cancelled) return;
        current = answer.nonce;
        setNonce(answer.nonce);
      })
      .catch(() => undefined);
    const timer = setInterval(() => {
      if (current) chatApi.refreshNonce(current).catch(() => setNonce(null));
    }, CHAT_AUTH_REFRESH_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [signedIn, borrowerAuthEnabled]);

  // Restore or choose the mode once the hours are known (spec 2 §4 "Automatic mode choice").
  useEffect(() => {
    if (phase !== 'loading' || !config.data || openStatus.isPending) return;
    const stored = session;
    const mode = liveOverride
      ? 'twilio'
      : chooseChatMode({ session: stored, openNow: openStatus.data === true, devMode });
    let cancelled = false;
    const deactivate = () => {
      if (cancelled) return;
      update(null);
      setPhase(mode === 'chatbot' ? 'bot' : 'prechat');
    };
    if (isLiveSession(stored) && mode !== 'chatbot') {
      const sid = stored!.conversationSid!;
      chatApi
        .conversation(stored!.token!, sid)
        // A refused token is renewed once (the new one is stored, and this effect restores with it).
        .catch(async (error: unknown) => {
          if (!isTokenRefused(error)) throw error;
          const fresh = await chatApi.refreshToken(stored!.token!);
          if (!cancelled) update({ ...stored!, token: fresh.token, expiration: fresh.expiration });
          return chatApi.conversation(fresh.token, sid);
        })
        .then((state) => {
          if (cancelled) return;
          setMessages(state.messages);
          setStatus(state.status);
          setAgentName(state.agentName);
          if (state.status === 'ENDED') {
            setEnded({ live: true });
            setPhase('ended');
          } else setPhase('live');
        })
        .catch(() => {
          // A restore failure deactivates the chat (spec 2 §8).
          if (cancelled) return;
          update(null);
          setPhase(openStatus.data ? 'prechat' : 'bot');
        });
    } else if (stored?.conversationId && mode === 'chatbot') {
      chatApi
        .chatbotHistory(stored.conversationId)
        .then((history) => {
          if (cancelled) return;
          setBotLines(history.items);
          if (history.expired) {
            setEnded({ live: false });
            setPhase('ended');
          } else setPhase('bot');
        })
        .catch(deactivate);
    } else {
      // Deferred a tick: the phase follows from data that arrived, not from this render.
      void Promise.resolve().then(() => {
        if (cancelled) return;
        if (stored) update(null);
        setPhase(mode === 'chatbot' ? 'bot' : 'prechat');
      });
    }
    return () => {
      cancelled = true;
    };
  }, [phase, config.data, openStatus.isPending, openStatus.data, session, devMode, liveOverride, update]);

  // The chatbot session ends at its expiration (extended by each question): the end panel replaces the composer.
  useEffect(() => {
    if (phase !== 'bot' || !session?.expiration) return undefined;
    const left = session.expiration - Date.now();
    const finish = () => {
      setEnded({ live: false });
      setPhase('ended');
    };
    const timer = setTimeout(finish, Math.max(0, left));
    return () => clearTimeout(timer);
  }, [phase, session?.expiration]);

  // The live chat's token ran out and could not be renewed: the chat has ended for it. The end panel
  // offers "Start new chat" and the transcript stays on screen; the borrower's sign-in is untouched.
  const tokenExpired = useCallback(() => {
    setAlert(CHAT_ALERTS.invalidToken);
    setEnded({ live: true, tokenExpired: true });
    setPhase('ended');
  }, []);

  // A renewal with the refreshToken call; the session (and storage) then carry the new token.
  const renewToken = useCallback(
    async (current: TChatSession): Promise<string> => {
      const fresh = await chatApi.refreshToken(current.token!);
      update({ ...current, token: fresh.token, expiration: fresh.expiration });
      return fresh.token;
    },
    [update],
  );

  /**
   * A call with the live chat token. A refused token (401 "Token state is invalid.", e.g. after the
   * 6-hour lifetime while the tab slept) is renewed once and the call repeated; when renewal fails too,
   * the chat ends (ChatTokenExpired) instead of the sign-in rule ever seeing it.
   */
  const withLiveToken = async <T,>(call: (token: string) => Promise<T>): Promise<T> => {
    const current = session;
    if (!current?.token) throw new ChatTokenExpired('no live chat token');
    try {
      return await call(current.token);
    } catch (error) {
      if (!isTokenRefused(error)) throw error;
      let token: string;
      try {
        token = await renewToken(current);
      } catch {
        tokenExpired();
        throw new ChatTokenExpired('the chat token could not be renewed');
      }
      return call(token);
    }
  };

  // Live tokens last 6 hours: renew ten minutes before the end (at once if the tab slept past it).
  useEffect(() => {
    if (phase !== 'live' || !session?.token || !session.expiration) return undefined;
    const timer = setTimeout(
      () => {
        renewToken(session).catch(tokenExpired);
      },
      renewalDelay(session.expiration, Date.now()),
    );
    return () => clearTimeout(timer);
  }, [phase, session, renewToken, tokenExpired]);

  const onEvent = (event: TChatSocketEvent) => {
    switch (event.type) {
      case 'message':
        setAgentTyping(false);
        setMessages((list) =>
          list.some((m) => m.sid === event.message.sid) ? list : [...list, event.message],
        );
        break;
      case 'agentJoined':
        setStatus('ACTIVE');
        setAgentName(event.agentName);
        break;
      case 'typing':
        setAgentTyping(event.preview.trim().length > 0);
        break;
      case 'ended':
        setStatus('ENDED');
        setEnded({ live: true });
        setPhase('ended');
        break;
      case 'resync':
        if (session?.token && session.conversationSid) {
          const sid = session.conversationSid;
          withLiveToken((token) => chatApi.conversation(token, sid))
            .then((state) => setMessages(state.messages))
            .catch((error: unknown) => {
              if (!(error instanceof ChatTokenExpired)) setAlert(CHAT_ALERTS.generic);
            });
        }
        break;
      default:
        break;
    }
  };
  const liveToken = phase === 'live' || (phase === 'ended' && ended?.live) ? (session?.token ?? null) : null;
  const socket = useChatSocket(phase === 'live' ? liveToken : null, onEvent);

  // Agent typing previews fade if no new one arrives.
  useEffect(() => {
    if (!agentTyping) return undefined;
    const timer = setTimeout(() => setAgentTyping(false), 3 * CHAT_TYPING_PREVIEW_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [agentTyping]);

  const startNewChat = () => {
    update(null);
    setMessages([]);
    setBotLines([]);
    setEnded(null);
    setAlert(null);
    setOfferLiveAgent(false);
    setRatedCount(-1);
    setAgentName(null);
    setStatus('WAITING');
    setLiveOverride(false);
    setPhase('loading');
  };

  const endChat = async () => {
    if (phase === 'live' && session?.token && session.conversationSid) {
      const sid = session.conversationSid;
      try {
        await withLiveToken((token) => chatApi.end(token, sid));
      } catch (error) {
        if (error instanceof ChatTokenExpired) return;
        setAlert(CHAT_ALERTS.generic);
      }
      setEnded({ live: true });
    } else {
      setEnded({ live: false });
    }
    setPhase('ended');
  };

  const takeSurvey = async () => {
    setAlert(null);
    try {
      if (!session?.token || !session.omniProxyChannelId) throw new Error('missing omni proxy channel');
      const info = await chatApi.webChatInfo(session.token, session.omniProxyChannelId);
      if (!info.contactId) throw new Error('missing contact id');
      window.open(info.surveyUrl, '_blank', 'noopener');
    } catch {
      setAlert(CHAT_ALERTS.generic);
    }
  };

  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    if (feedbackOpen) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      setAlert(null);
      onCollapse();
      return;
    }
    // Dev-only shortcuts (spec 2 §6), never while typing.
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if (!devFeatures || typing) return;
    if (event.key === '0') setAlert(CHAT_ALERTS.generic);
    else if (event.key === '1') setAlert(CHAT_ALERTS.invalidToken);
    else if (event.key === '2') setAlert(CHAT_ALERTS.sendFailed);
    else if (event.key === 'Backspace') void endChat();
  };
  // Escape and the dev shortcuts apply anywhere inside the window (the listener sees the latest state).
  const keyHandler = useRef(onKeyDown);
  useEffect(() => {
    keyHandler.current = onKeyDown;
  });
  useEffect(() => {
    const element = rootRef.current;
    if (!element) return undefined;
    const listener = (event: globalThis.KeyboardEvent) => keyHandler.current(event);
    element.addEventListener('keydown', listener);
    return () => element.removeEventListener('keydown', listener);
  }, []);

  const visibleAlert = socket.lost && phase === 'live' ? CHAT_ALERTS.connectionLost : alert;
  const modeLabel =
    phase === 'bot' || (phase === 'ended' && !ended?.live) ? 'chatbot' : (devMode ?? 'twilio');

  return (
    <div
      ref={rootRef}
      role="dialog"
      aria-label={CHAT_TEXTS.launcher}
      className={readable.readable}
      hidden={!open}
      style={{
        position: 'fixed',
        right: 20,
        bottom: 20,
        zIndex: 300,
        width: 'min(380px, calc(100vw - 40px))',
      }}
    >
      <Paper
        shadow="xl"
        radius="md"
        withBorder
        style={{
          display: 'flex',
          flexDirection: 'column',
          height: 'min(600px, calc(100vh - 40px))',
          overflow: 'hidden',
        }}
      >
        <Group
          justify="space-between"
          px="md"
          py="sm"
          bg="var(--mantine-primary-color-filled)"
          c="var(--mantine-primary-color-contrast)"
        >
          <Stack gap={0}>
            <Text fw={700} component="h2" size="md" m={0}>
              {CHAT_TEXTS.launcher}
            </Text>
            {devFeatures && (
              <Text size="xs" data-testid="chat-mode-label">
                Mode: {modeLabel}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            {(phase === 'live' || phase === 'bot') && (
              <Button size="compact-xs" variant="white" onClick={() => void endChat()}>
                End chat
              </Button>
            )}
            <CloseButton
              aria-label="Minimize chat"
              variant="transparent"
              c="var(--mantine-primary-color-contrast)"
              onClick={() => {
                setAlert(null);
                onCollapse();
              }}
            />
          </Group>
        </Group>

        <div role="status" aria-live="polite">
          {visibleAlert && (
            <Alert
              color={visibleAlert.level === 'error' ? 'red' : 'yellow'}
              radius={0}
              py="xs"
              data-testid="chat-alert"
              data-level={visibleAlert.level}
            >
              {visibleAlert.message}
            </Alert>
          )}
        </div>

        {phase === 'loading' && (
          <Group justify="center" p="xl">
            <Loader size="sm" aria-label="Loading chat" />
          </Group>
        )}

        {phase === 'prechat' && (
          <PreChat
            devAgentMode={devAgentMode}
            agents={agents.data ?? []}
            onStart={async (form) => {
              setAlert(null);
              try {
                const applicationUuid = uuidFromPath(window.location.pathname);
                const started = await chatApi.initWebChat({
                  friendlyName: form.friendlyName,
                  emailAddress: form.emailAddress || null,
                  applicationUuid,
                  welcomeMessage: form.message,
                  pageUrl: window.location.href.slice(0, 2048),
                  chatMode: devMode ?? 'twilio',
                  nonce,
                  orgCode,
                  agentId: form.agentId || null,
                  prodType: 'HELOC',
                });
                const next: TChatSession = {
                  token: started.token,
                  conversationSid: started.conversationSid,
                  expiration: started.expiration,
                  friendlyName: form.friendlyName,
                  emailAddress: form.emailAddress,
                  initialMessage: form.message,
                  omniProxyChannelId: started.omniProxyChannelId,
                  providerChannelId: started.providerChannelId,
                  loginTimestamp: Date.now(),
                };
                update(next);
                setMessages([]);
                setStatus('WAITING');
                const state = await chatApi.conversation(started.token, started.conversationSid);
                setMessages(state.messages);
                setStatus(state.status);
                setAgentName(state.agentName);
                setPhase('live');
              } catch {
                setAlert(CHAT_ALERTS.generic);
              }
            }}
          />
        )}

        {(phase === 'live' || phase === 'bot' || phase === 'ended') && (
          <MessageList>
            {phase !== 'bot' &&
              !(phase === 'ended' && !ended?.live) &&
              messages.map((message, index) => (
                <Bubble
                  key={message.sid ?? index}
                  own={message.role === 'customer'}
                  author={message.role === 'customer' ? 'You' : message.author}
                >
                  {message.body && <MessageText text={message.body} linkHosts={linkHosts} />}
                  {message.media.map((media) => (
                    <Button
                      key={media.sid}
                      variant="subtle"
                      size="compact-sm"
                      onClick={() =>
                        session?.token &&
                        session.conversationSid &&
                        void downloadMedia(
                          session.token,
                          session.conversationSid,
                          media.sid,
                          media.filename,
                        ).catch(() => setAlert(CHAT_ALERTS.generic))
                      }
                    >
                      {media.filename} ({formatFileSize(media.size)})
                    </Button>
                  ))}
                </Bubble>
              ))}
            {(phase === 'bot' || (phase === 'ended' && !ended?.live)) && (
              <>
                <Bubble own={false} author="Chatbot">
                  Hi! I’m the virtual assistant. Ask me about rates, fees, timing, documents or your
                  application.
                </Bubble>
                {botLines.map((line, index) => (
                  <div key={line.questionId}>
                    <Bubble own author="You">
                      <MessageText text={line.questionStr} linkHosts={linkHosts} />
                    </Bubble>
                    <Bubble own={false} author="Chatbot">
                      <MessageText text={line.responseStr} linkHosts={linkHosts} />
                    </Bubble>
                    {index === botLines.length - 1 && phase === 'bot' && (
                      <Group gap="xs" px="xs">
                        <Button
                          size="compact-xs"
                          variant="default"
                          disabled={ratedCount === botLines.length}
                          onClick={() => setFeedbackOpen(true)}
                        >
                          Bad Response
                        </Button>
                        {offerLiveAgent && (
                          <Button
                            size="compact-xs"
                            onClick={() => {
                              update(null);
                              setBotLines([]);
                              setOfferLiveAgent(false);
                              setLiveOverride(true);
                              setPhase('prechat');
                            }}
                          >
                            Chat with a live agent
                          </Button>
                        )}
                      </Group>
                    )}
                  </div>
                ))}
              </>
            )}
            {phase === 'live' && status === 'WAITING' && <WaitingLine />}
            {phase === 'live' && status === 'ACTIVE' && agentName && (
              <Text size="xs" c="dimmed" ta="center">
                {agentTyping ? `${agentName} is typing…` : `${agentName} joined the chat`}
              </Text>
            )}
          </MessageList>
        )}

        {(phase === 'live' || phase === 'bot') && (
          <Composer
            allowFiles={attachmentsAllowed({
              mode: phase === 'bot' ? 'chatbot' : 'twilio',
              isFirstMessage: false,
            })}
            maxFiles={config.data?.attachmentMaxFiles ?? 5}
            onTyping={(preview) => phase === 'live' && socket.sendTyping(preview)}
            onSend={async (text, files) => {
              setAlert(null);
              try {
                if (phase === 'live' && session?.token && session.conversationSid) {
                  const sid = session.conversationSid;
                  const sent = await withLiveToken((token) => sendLiveMessage(token, sid, text, files));
                  setMessages((list) => (list.some((m) => m.sid === sent.sid) ? list : [...list, sent]));
                  socket.sendTyping('');
                } else if (phase === 'bot') {
                  const answer = await chatApi.chatWithAutobot({
                    applicationId: uuidFromPath(window.location.pathname),
                    conversationId: session?.conversationId ?? null,
                    message: text,
                    nonce,
                    organization: orgCode,
                    pageUrl: window.location.href.slice(0, 2048),
                    senderId: null,
                    senderType: 'APPLICANT',
                    tag: null,
                  });
                  setBotLines((lines) => [...lines, answer.item]);
                  setOfferLiveAgent(answer.offerLiveAgent && openStatus.data === true);
                  update({
                    ...(session ?? {}),
                    conversationId: answer.conversationId,
                    expiration: answer.expiration,
                    loginTimestamp: session?.loginTimestamp ?? Date.now(),
                  });
                }
                return true;
              } catch (error) {
                // The end panel already says so (and keeps the transcript).
                if (error instanceof ChatTokenExpired) return false;
                if (phase === 'bot' && error instanceof ApiError && error.status === 409) {
                  setEnded({ live: false });
                  setPhase('ended');
                  return false;
                }
                setAlert(
                  error instanceof ApiError && error.status === 401
                    ? CHAT_ALERTS.invalidToken
                    : CHAT_ALERTS.sendFailed,
                );
                return false;
              }
            }}
          />
        )}

        {phase === 'ended' && (
          <Stack
            gap="xs"
            p="md"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            data-testid="chat-end-panel"
          >
            <Text size="sm" ta="center">
              This chat has ended.
            </Text>
            <Button onClick={startNewChat}>{CHAT_TEXTS.startNewChat}</Button>
            {/* The survey link needs the chat token: not offered once it ran out. */}
            {ended?.live && !ended.tokenExpired && (
              <Button variant="default" onClick={() => void takeSurvey()}>
                {CHAT_TEXTS.takeSurvey}
              </Button>
            )}
          </Stack>
        )}
      </Paper>

      <BadResponseDialog
        opened={feedbackOpen}
        submitting={feedbackSending}
        onClose={() => setFeedbackOpen(false)}
        onSubmit={async (feedback) => {
          const last = botLines[botLines.length - 1];
          if (!last || !session?.conversationId) return;
          setFeedbackSending(true);
          setAlert(null);
          try {
            await chatApi.feedback({
              questionId: last.questionId,
              conversationId: session.conversationId,
              responseToCustomer: last.responseStr,
              feedbackMessage: chatbotFeedbackMessage(feedback),
              rating: 0,
              senderEmail: session.emailAddress ?? null,
              senderType: 'APPLICANT',
              nonce,
            });
            setRatedCount(botLines.length);
            setFeedbackOpen(false);
          } catch {
            setAlert(CHAT_ALERTS.generic);
            setFeedbackOpen(false);
          } finally {
            setFeedbackSending(false);
          }
        }}
      />
    </div>
  );
}

function MessageList({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollTo({ top: ref.current.scrollHeight });
  });
  return (
    <div
      ref={ref}
      role="log"
      aria-label="Messages"
      // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      style={{ flex: 1, overflowY: 'auto', padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {children}
    </div>
  );
}

function Bubble({ own, author, children }: { own: boolean; author: string; children: ReactNode }) {
  return (
    <div
      style={{ alignSelf: own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
      data-testid="chat-message"
      data-own={own}
    >
      <Text size="xs" c="dimmed">
        {author}
      </Text>
      <Paper
        px="sm"
        py={6}
        radius="md"
        bg={own ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        c="var(--mantine-color-text)"
      >
        <Text size="sm" component="div">
          {children}
        </Text>
      </Paper>
    </div>
  );
}

type PreChatValues = { friendlyName: string; emailAddress: string; message: string; agentId: string };

function PreChat({
  devAgentMode,
  agents,
  onStart,
}: {
  devAgentMode: boolean;
  agents: { agentId: string; name: string }[];
  onStart: (values: PreChatValues) => Promise<void>;
}) {
  const [values, setValues] = useState<PreChatValues>({
    friendlyName: '',
    emailAddress: '',
    message: '',
    agentId: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof PreChatValues, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const schema = devAgentMode ? ZPreChatFormDevAgent : ZPreChatForm;
    const parsed = schema.safeParse({
      friendlyName: values.friendlyName,
      emailAddress: values.emailAddress,
      ...(devAgentMode && { agentId: values.agentId }),
    });
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof PreChatValues;
        found[field] ??= issue.message;
      }
    }
    if (!values.message.trim()) found.message = REQUIRED_MESSAGE;
    setErrors(found);
    const first = (['friendlyName', 'emailAddress', 'agentId', 'message'] as const).find(
      (field) => found[field],
    );
    if (first) {
      const element = document.getElementById(`prechat-${first}`);
      element?.scrollIntoView({ block: 'nearest' });
      element?.focus();
      return;
    }
    setBusy(true);
    await onStart({
      ...values,
      friendlyName: values.friendlyName.trim(),
      emailAddress: values.emailAddress.trim(),
    });
    setBusy(false);
  };

  const field = (name: keyof PreChatValues) => ({
    id: `prechat-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ flex: 1, overflowY: 'auto' }}>
      <Stack p="md" gap="sm">
        <Text size="sm">Chat with a member of our team.</Text>
        <TextInput label="Name" withAsterisk autoComplete="name" {...field('friendlyName')} />
        <TextInput label="Email" type="email" autoComplete="email" {...field('emailAddress')} />
        {devAgentMode && (
          <Select
            id="prechat-agentId"
            label="Agent (development)"
            withAsterisk
            data={agents.map((agent) => ({ value: agent.agentId, label: agent.name }))}
            value={values.agentId || null}
            onChange={(value) => setValues({ ...values, agentId: value ?? '' })}
            error={errors.agentId}
          />
        )}
        <Textarea label="How can we help?" withAsterisk autosize minRows={3} {...field('message')} />
        <Button type="submit" loading={busy}>
          Start chat
        </Button>
      </Stack>
    </form>
  );
}

function Composer({
  allowFiles,
  maxFiles,
  onSend,
  onTyping,
}: {
  allowFiles: boolean;
  maxFiles: number;
  onSend: (text: string, files: File[]) => Promise<boolean>;
  onTyping: (preview: string) => void;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = async () => {
    if (busy) return;
    if (!isSendableChatMessage(text, files.length)) {
      setError(REQUIRED_MESSAGE);
      return;
    }
    setError(null);
    setBusy(true);
    const ok = await onSend(text.trim(), files);
    setBusy(false);
    if (ok) {
      setText('');
      setFiles([]);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', padding: 8 }}
    >
      {files.length > 0 && (
        <Stack gap={2} mb={4}>
          {files.map((file, index) => (
            <Group key={`${file.name}-${index}`} gap={4} wrap="nowrap">
              <Text size="xs" truncate>
                {file.name} ({formatFileSize(file.size)})
              </Text>
              <CloseButton
                size="xs"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles(files.filter((_, i) => i !== index))}
              />
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label="Message"
          placeholder="Type a message"
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={4}
          value={text}
          error={error}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            if (error) setError(null);
            // A typing preview at most every second.
            if (Date.now() - lastTyping.current >= CHAT_TYPING_PREVIEW_INTERVAL_MS) {
              lastTyping.current = Date.now();
              onTyping(value);
            }
          }}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter inserts a newline (spec 2 §5).
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        {allowFiles && (
          <>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={CHAT_ATTACHMENT_ACCEPT}
              hidden
              aria-label="Attach files"
              data-testid="chat-file-input"
              onChange={(event) => {
                const chosen = Array.from(event.currentTarget.files ?? []);
                event.currentTarget.value = '';
                const accepted = chosen.filter((file) => isAcceptedChatAttachment(file.name));
                if (accepted.length < chosen.length)
                  setError('Accepted files: jpg, png, amr, mp3, mp4, pdf, txt');
                setFiles((current) => [...current, ...accepted].slice(0, maxFiles));
              }}
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Attach files"
              onClick={() => fileInput.current?.click()}
            >
              <span aria-hidden="true">📎</span>
            </ActionIcon>
          </>
        )}
        <Button type="submit" loading={busy}>
          Send
        </Button>
      </Group>
    </form>
  );
}
