/**
 * The chat window (a lazy chunk): header, alert strip, pre-chat form, message list, composer and the
 * end panel (spec 2 §2), for the live agent and the chatbot (§4). What it shows follows the chat
 * machine of @heloc/domain (use-chat-machine.ts): the session lives in local storage and is restored
 * on load; a restore that fails deactivates the chat (the session is dropped).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Group, Loader, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { waitFor } from 'xstate';
import {
  CHAT_ALERTS,
  CHAT_HOURS_POLL_INTERVAL_MS,
  CHAT_TEXTS,
  QUERY_PARAMS,
  ZChatMode,
  attachmentsAllowed,
  chatPhase,
  type TChatAttachment,
  type TChatMode,
} from '@heloc/domain';
import { Composer, MessageList } from '@heloc/chat-ui';
import readable from '@/components/ui/readable-form.module.css';
import { chatApi, downloadMedia } from '../api/chat-api';
import { useChatMachine, type ChatActor } from '../hooks/use-chat-machine';
import { useChatNonce } from '../hooks/use-chat-nonce';
import { BadResponseDialog } from './bad-response-dialog';
import { BotTranscript } from './bot-transcript';
import { ChatHeader } from './chat-header';
import { EndPanel } from './end-panel';
import { LiveTranscript } from './live-transcript';
import { PreChatForm } from './pre-chat-form';

export interface ChatWindowProps {
  orgCode: string;
  signedIn: boolean;
  borrowerAuthEnabled: boolean;
  open: boolean;
  onCollapse: () => void;
}

/** The dev-only `mode` query (spec 2 §2): honoured only when the server says dev features are on. */
function devModeFromUrl(): TChatMode | null {
  const value = new URLSearchParams(window.location.search).get(QUERY_PARAMS.mode);
  const parsed = ZChatMode.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Sends a message through the machine; true once it went out (the composer then clears). */
async function sendThrough(actor: ChatActor, text: string, files: TChatAttachment[]): Promise<boolean> {
  actor.send({ type: 'SEND', text, files });
  if (!actor.getSnapshot().hasTag('sending')) return false;
  try {
    const done = await waitFor(actor, (state) => !state.hasTag('sending'));
    return done.context.lastSendOk;
  } catch {
    return false;
  }
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

  const { actor, snapshot } = useChatMachine();
  useChatNonce(actor, signedIn && borrowerAuthEnabled);
  const { session, ended, alert } = snapshot.context;
  const phase = chatPhase(snapshot.value);
  const rootRef = useRef<HTMLDivElement>(null);

  // The mode is chosen once the config and the hours are known (spec 2 §4 "Automatic mode choice").
  const configReady = config.data !== undefined;
  const openNow = openStatus.isPending ? null : openStatus.data === true;
  useEffect(() => {
    actor.send({ type: 'ENV', orgCode, configReady, openNow, devMode });
  }, [actor, orgCode, configReady, openNow, devMode]);

  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    if (snapshot.context.feedbackOpen) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      actor.send({ type: 'ALERT.DISMISS' });
      onCollapse();
      return;
    }
    // Dev-only shortcuts (spec 2 §6), never while typing.
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if (!devFeatures || typing) return;
    if (event.key === '0') actor.send({ type: 'ALERT.SHOW', alert: CHAT_ALERTS.generic });
    else if (event.key === '1') actor.send({ type: 'ALERT.SHOW', alert: CHAT_ALERTS.invalidToken });
    else if (event.key === '2') actor.send({ type: 'ALERT.SHOW', alert: CHAT_ALERTS.sendFailed });
    else if (event.key === 'Backspace') actor.send({ type: 'END' });
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

  const botShown = phase === 'bot' || (phase === 'ended' && !ended?.live);
  const visibleAlert = snapshot.context.socketLost && phase === 'live' ? CHAT_ALERTS.connectionLost : alert;
  const { status, agentName, messages, botLines } = snapshot.context;

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
        <ChatHeader
          // Only a mode forced with ?mode= (dev features) is named: a borrower never sees the channel.
          modeLabel={devMode === null ? null : botShown ? 'chatbot' : devMode}
          canEnd={phase === 'live' || phase === 'bot'}
          onEnd={() => actor.send({ type: 'END' })}
          onMinimize={() => {
            actor.send({ type: 'ALERT.DISMISS' });
            onCollapse();
          }}
        />

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
          <PreChatForm
            devAgentMode={devAgentMode}
            agents={agents.data ?? []}
            busy={snapshot.matches('starting') || snapshot.matches('joining')}
            onStart={(form) => actor.send({ type: 'START', form })}
          />
        )}

        {(phase === 'live' || phase === 'bot' || phase === 'ended') && (
          <MessageList>
            {botShown ? (
              <BotTranscript
                lines={botLines}
                linkHosts={linkHosts}
                actions={
                  phase === 'bot'
                    ? {
                        rated: snapshot.context.ratedCount === botLines.length,
                        offerLiveAgent: snapshot.context.offerLiveAgent,
                        onBadResponse: () => actor.send({ type: 'FEEDBACK.OPEN' }),
                        onLiveAgent: () => actor.send({ type: 'LIVE_AGENT' }),
                      }
                    : null
                }
              />
            ) : (
              <LiveTranscript
                messages={messages}
                linkHosts={linkHosts}
                waiting={phase === 'live' && status === 'WAITING'}
                agentLine={
                  phase === 'live' && status === 'ACTIVE' && agentName
                    ? { agentName, typing: snapshot.matches({ live: { typing: 'shown' } }) }
                    : null
                }
                onDownload={(mediaSid, filename) =>
                  session?.token &&
                  session.conversationSid &&
                  void downloadMedia(session.token, session.conversationSid, mediaSid, filename).catch(() =>
                    actor.send({ type: 'ALERT.SHOW', alert: CHAT_ALERTS.generic }),
                  )
                }
              />
            )}
          </MessageList>
        )}

        {(phase === 'live' || phase === 'bot') && (
          <Composer
            placeholder="Type a message"
            attachments={
              attachmentsAllowed({ mode: phase === 'bot' ? 'chatbot' : 'twilio', isFirstMessage: false })
                ? { maxFiles: config.data?.attachmentMaxFiles ?? 5 }
                : null
            }
            onTyping={(preview) => phase === 'live' && actor.send({ type: 'TYPING', preview })}
            onSend={(text, files) => sendThrough(actor, text, files)}
          />
        )}

        {phase === 'ended' && (
          <EndPanel
            ended={ended}
            onNewChat={() => actor.send({ type: 'NEW_CHAT' })}
            onSurvey={() => actor.send({ type: 'SURVEY' })}
          />
        )}
      </Paper>

      <BadResponseDialog
        opened={snapshot.context.feedbackOpen}
        submitting={snapshot.hasTag('rating')}
        onClose={() => actor.send({ type: 'FEEDBACK.CLOSE' })}
        onSubmit={(feedback) => actor.send({ type: 'FEEDBACK.SUBMIT', feedback })}
      />
    </div>
  );
}
