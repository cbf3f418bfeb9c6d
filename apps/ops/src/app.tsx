/**
 * The agent desk: staff sign in, see waiting chats and their own active ones (with the borrower's
 * application context), accept one, reply (with attachments), and end it. Events arrive on the chat
 * websocket with an agent token; the queue re-reads on every queue change.
 */
import {
  Alert,
  AppShell,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  PasswordInput,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  CHAT_ATTACHMENT_ACCEPT,
  CHAT_TYPING_PREVIEW_INTERVAL_MS,
  ZChatSocketEvent,
  formatCurrency,
  formatFileSize,
  formatPercentFromBps,
  isSendableChatMessage,
  type TChatMessage,
  type TChatSocketEvent,
} from '@heloc/domain';
import { STAFF_PERMISSIONS, type TDeskConversation, type TStaffSelf } from '@heloc/domain';
import { DeskError, clearToken, desk, errorFlag, storedToken } from './api';
import { AcceptInvitation, StaffAdmin, TwoFactorSetup } from './staff';
import { ApplicationFile } from './console/application-file';
import { navigate, usePath } from './console/location';
import { Pipeline } from './console/pipeline';

/** Console data is the server's: re-read when a screen opens again, never retried on a 4xx. */
function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) => !(error instanceof DeskError && error.status < 500) && failures < 2,
      },
    },
  });
}

/** One cache per signed-in member: nothing of one member's reads outlives their sign-out. */
function SignedIn({ me, onSignOut }: { me: TStaffSelf; onSignOut: () => void }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Console me={me} onSignOut={onSignOut} />
    </QueryClientProvider>
  );
}

export function App() {
  const [me, setMe] = useState<TStaffSelf | null>(null);
  const [setupNeeded, setSetupNeeded] = useState(false);
  const [checking, setChecking] = useState(() => storedToken() !== null);
  const [invite] = useState(() => new URLSearchParams(window.location.search).get('invite'));

  const loadMe = useCallback(async () => {
    try {
      setMe(await desk.me());
      setSetupNeeded(false);
    } catch (caught) {
      // Outside development staff need two-factor on before anything else answers.
      if (errorFlag(caught, 'twoFactorSetupRequired')) setSetupNeeded(true);
      else throw caught;
    }
  }, []);

  useEffect(() => {
    if (!checking) return;
    // A stored sign-in (this tab) resumes the console; an expired one shows the sign-in form.
    void Promise.resolve()
      .then(loadMe)
      .catch(() => clearToken())
      .finally(() => setChecking(false));
  }, [checking, loadMe]);

  const signOut = () => {
    void desk.signOut().finally(() => {
      clearToken();
      setMe(null);
      setSetupNeeded(false);
    });
  };

  if (invite && !me) return <AcceptInvitation token={invite} />;
  if (checking) return null;
  if (setupNeeded) return <TwoFactorSetup onDone={loadMe} onSignOut={signOut} />;
  if (!me) return <SignIn onSignedIn={loadMe} />;
  return <SignedIn key={me.identityUuid} me={me} onSignOut={signOut} />;
}

function SignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password || (askCode && !code.trim())) {
      setError('Required');
      return;
    }
    setBusy(true);
    try {
      await desk.signIn(email.trim(), password, askCode ? code.trim() : undefined);
      await onSignedIn();
    } catch (caught) {
      clearToken();
      if (errorFlag(caught, 'twoFactorRequired')) setAskCode(true);
      setError(
        caught instanceof DeskError && caught.status === 403
          ? 'This account is not lender staff.'
          : caught instanceof Error
            ? caught.message
            : 'Something unexpected happened',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main>
      <Card maw={400} mx="auto" mt={80} withBorder padding="xl">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Lender console sign in
            </Title>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {askCode && (
              <TextInput
                label="Authenticator code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
            )}
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Card>
    </main>
  );
}

type Section = 'overview' | 'applications' | 'chats' | 'staff';

/**
 * The signed-in console: only the sections the member's roles allow (the server's staff policy
 * decides every call; this only spares them screens that would answer 403). Each section has its
 * address under /ops/ (/ops/applications, /ops/applications/{uuid}, /ops/chats, /ops/staff).
 */
function Console({ me, onSignOut }: { me: TStaffSelf; onSignOut: () => void }) {
  const sections: { id: Section; label: string }[] = [
    { id: 'overview', label: 'Overview' },
    ...(me.permissions.includes('APPLICATIONS_READ_ASSIGNED')
      ? [{ id: 'applications' as const, label: 'Applications' }]
      : []),
    ...(me.permissions.includes('CHAT_DESK') ? [{ id: 'chats' as const, label: 'Chats' }] : []),
    ...(me.permissions.includes('STAFF_MANAGE') ? [{ id: 'staff' as const, label: 'Staff' }] : []),
  ];
  const path = usePath();
  const [first, second] = path.split('/').filter(Boolean);
  const fallback: Section = me.permissions.includes('CHAT_DESK')
    ? 'chats'
    : me.permissions.includes('APPLICATIONS_READ_ASSIGNED')
      ? 'applications'
      : 'overview';
  const section: Section = sections.some((each) => each.id === first) ? (first as Section) : fallback;
  const fileUuid = section === 'applications' && second ? second : null;
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Title order={1} size="h3">
              Lender console
            </Title>
            <nav aria-label="Sections">
              <Group gap="xs" wrap="nowrap">
                {sections.map((each) => (
                  <Button
                    key={each.id}
                    size="xs"
                    variant={section === each.id ? 'filled' : 'default'}
                    aria-current={section === each.id ? 'page' : undefined}
                    onClick={() => navigate(`/${each.id}`)}
                  >
                    {each.label}
                  </Button>
                ))}
              </Group>
            </nav>
          </Group>
          <Group wrap="nowrap">
            <Text size="sm">
              Signed in as {me.name} · {me.orgCode ?? 'All organisations'}
            </Text>
            <Button variant="default" size="xs" onClick={onSignOut}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {section === 'overview' && <Overview me={me} />}
        {section === 'applications' &&
          (fileUuid ? <ApplicationFile key={fileUuid} uuid={fileUuid} me={me} /> : <Pipeline me={me} />)}
        {section === 'chats' && <ChatDesk />}
        {section === 'staff' && <StaffAdmin me={me} />}
      </AppShell.Main>
    </AppShell>
  );
}

function Overview({ me }: { me: TStaffSelf }) {
  return (
    <Stack maw={720}>
      <Title order={2} size="h3">
        Overview
      </Title>
      <Text>
        {me.orgCode ? `Organisation ${me.orgCode}` : 'Platform staff: every organisation'} · Roles:{' '}
        {me.roles.join(', ')}
      </Text>
      <Title order={3} size="h5">
        What your roles allow
      </Title>
      <ul data-testid="staff-permissions">
        {me.permissions.map((permission) => (
          <li key={permission}>{STAFF_PERMISSIONS[permission].label}</li>
        ))}
      </ul>
    </Stack>
  );
}

/** The chat desk needs an agent chat token (issued to members with CHAT_DESK). */
function ChatDesk() {
  const [agent, setAgent] = useState<{ token: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    desk
      .agentToken()
      .then((issued) => setAgent({ token: issued.token, name: issued.agentName }))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'Could not open'));
  }, []);
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!agent) return null;
  return <Desk agent={agent} />;
}

function useDeskSocket(token: string, onEvent: (event: TChatSocketEvent) => void) {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const socketRef = useRef<WebSocket | null>(null);
  const [lost, setLost] = useState(false);
  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const socket = new WebSocket(desk.socketUrl(token));
      socketRef.current = socket;
      socket.onmessage = (message) => {
        const parsed = ZChatSocketEvent.safeParse(JSON.parse(String(message.data)));
        if (!parsed.success) return;
        if (parsed.data.type === 'ready') setLost(false);
        handler.current(parsed.data);
      };
      socket.onclose = () => {
        if (stopped) return;
        setLost(true);
        retry = setTimeout(connect, 2000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socketRef.current?.close();
    };
  }, [token]);
  return {
    lost,
    typing: (conversationSid: string, preview: string) => {
      if (socketRef.current?.readyState === WebSocket.OPEN) {
        socketRef.current.send(JSON.stringify({ type: 'typing', conversationSid, preview }));
      }
    },
  };
}

function Desk({ agent }: { agent: { token: string; name: string } }) {
  const [list, setList] = useState<TDeskConversation[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [ended, setEnded] = useState<Set<string>>(new Set());
  const [preview, setPreview] = useState<string>('');
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    desk
      .list()
      .then(setList)
      .catch((caught: unknown) =>
        setError(caught instanceof Error ? caught.message : 'Something unexpected happened'),
      );
  }, []);
  useEffect(refresh, [refresh]);

  const open = async (sid: string) => {
    setSelected(sid);
    setPreview('');
    setError(null);
    try {
      const state = await desk.conversation(agent.token, sid);
      setMessages(state.messages);
      if (state.status === 'ENDED') setEnded((current) => new Set(current).add(sid));
    } catch {
      setError('Something went wrong. Please try again later.');
    }
  };

  const socket = useDeskSocket(agent.token, (event) => {
    if (event.type === 'queue') refresh();
    if (!('conversationSid' in event) || event.conversationSid !== selected) return;
    if (event.type === 'message') {
      setPreview('');
      setMessages((current) =>
        current.some((m) => m.sid === event.message.sid) ? current : [...current, event.message],
      );
    } else if (event.type === 'typing' && event.role === 'customer') setPreview(event.preview);
    else if (event.type === 'ended') setEnded((current) => new Set(current).add(event.conversationSid));
    else if (event.type === 'resync') void open(event.conversationSid);
  });

  // The queue drops a chat once it ends, but the agent keeps reading it (and the ended notice)
  // until they choose another: the last listed copy of the open chat stays on screen.
  const listed = list.find((c) => c.conversationSid === selected) ?? null;
  const [lastListed, setLastListed] = useState<TDeskConversation | null>(null);
  if (listed && listed !== lastListed) setLastListed(listed);
  const current = listed ?? (lastListed?.conversationSid === selected ? lastListed : null);
  const isEnded = selected !== null && ended.has(selected);

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <nav aria-label="Chats" style={{ width: 320, flexShrink: 0 }}>
        <ScrollArea>
          <Stack gap="xs">
            <Title order={2} size="h5">
              Chats
            </Title>
            {list.length === 0 && <Text size="sm">No chats waiting.</Text>}
            {list.map((conversation) => (
              <Card
                key={conversation.conversationSid}
                withBorder
                padding="xs"
                component="button"
                type="button"
                onClick={() => void open(conversation.conversationSid)}
                aria-current={conversation.conversationSid === selected ? 'true' : undefined}
                style={{ textAlign: 'left', cursor: 'pointer' }}
                data-testid="desk-conversation"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {conversation.friendlyName ?? 'Visitor'}
                  </Text>
                  <Badge variant="outline" color={conversation.status === 'WAITING' ? 'red.9' : 'green.9'}>
                    {conversation.status === 'WAITING' ? 'Waiting' : 'Active'}
                  </Badge>
                </Group>
                <Text size="xs">
                  {conversation.orgName ?? conversation.orgCode} · {conversation.skill} ·{' '}
                  {new Date(conversation.createdAt).toLocaleTimeString()}
                </Text>
                {conversation.application && (
                  <Text size="xs">
                    Loan {conversation.application.loanNumber} ·{' '}
                    {conversation.application.progressLabel ?? conversation.application.step}
                  </Text>
                )}
              </Card>
            ))}
          </Stack>
        </ScrollArea>
      </nav>
      <section aria-label="Chat" style={{ flex: 1, minWidth: 0 }}>
        <div>
          {socket.lost && (
            <Alert color="yellow" mb="sm">
              Connection lost. Attempting to reconnect.
            </Alert>
          )}
          {error && (
            <Alert color="red" mb="sm" role="alert">
              {error}
            </Alert>
          )}
          {!current && <Text>Select a chat.</Text>}
          {current && (
            <Stack>
              <ContextCard conversation={current} />
              <Stack gap={6} aria-label="Messages" role="log">
                {messages.map((message, index) => (
                  <div key={message.sid ?? index} data-testid="desk-message" data-role={message.role}>
                    <Text size="xs" c="dimmed">
                      {message.author}
                    </Text>
                    {message.body && <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>}
                    {message.media.map((media) => (
                      <Button
                        key={media.sid}
                        size="compact-xs"
                        variant="subtle"
                        onClick={() =>
                          void desk.download(agent.token, current.conversationSid, media.sid, media.filename)
                        }
                      >
                        {media.filename} ({formatFileSize(media.size)})
                      </Button>
                    ))}
                  </div>
                ))}
                {preview && (
                  <Text size="sm" c="dimmed" fs="italic" data-testid="desk-typing">
                    Typing: {preview}
                  </Text>
                )}
              </Stack>
              {isEnded ? (
                <Alert color="gray">This chat has ended.</Alert>
              ) : current.status === 'WAITING' ? (
                <Button
                  onClick={() => {
                    desk
                      .accept(current.conversationSid)
                      .then(refresh)
                      .catch((caught: unknown) =>
                        setError(caught instanceof Error ? caught.message : 'Could not accept'),
                      );
                  }}
                >
                  Accept
                </Button>
              ) : (
                <Reply
                  onTyping={(text) => socket.typing(current.conversationSid, text)}
                  onSend={async (text, files) => {
                    try {
                      const sent = await desk.send(agent.token, current.conversationSid, text, files);
                      setMessages((list) => (list.some((m) => m.sid === sent.sid) ? list : [...list, sent]));
                      return true;
                    } catch (caught) {
                      setError(
                        caught instanceof Error
                          ? caught.message
                          : 'Something went wrong. Please try resending the message.',
                      );
                      return false;
                    }
                  }}
                  onEnd={() => {
                    desk
                      .end(agent.token, current.conversationSid)
                      .then(() => setEnded((set) => new Set(set).add(current.conversationSid)))
                      .catch(() => setError('Something went wrong. Please try again later.'));
                  }}
                />
              )}
            </Stack>
          )}
        </div>
      </section>
    </Group>
  );
}

function ContextCard({ conversation }: { conversation: TDeskConversation }) {
  const app = conversation.application;
  return (
    <Card withBorder padding="sm" aria-label="Borrower context">
      <Title order={2} size="h4">
        {conversation.friendlyName ?? 'Visitor'}
      </Title>
      <Text size="sm">
        {conversation.emailAddress ?? 'No e-mail'} ·{' '}
        {conversation.signedIn ? 'Signed-in borrower' : 'Visitor'} ·{' '}
        {conversation.orgName ?? conversation.orgCode}
      </Text>
      {app ? (
        <Text size="sm" data-testid="desk-application">
          {app.borrowerName ?? 'Borrower'} · Loan {app.loanNumber} · Step: {app.progressLabel ?? app.step}
          {app.amountCents > 0 && app.rateBps > 0 && app.termYears > 0
            ? ` · Offer ${formatCurrency(app.amountCents)} at ${formatPercentFromBps(app.rateBps, { decimals: 2 })} for ${app.termYears} years`
            : ''}
        </Text>
      ) : (
        <Text size="sm">No application linked.</Text>
      )}
      {conversation.pageUrl && (
        <Text size="xs" c="dimmed">
          From {conversation.pageUrl}
        </Text>
      )}
    </Card>
  );
}

function Reply({
  onSend,
  onEnd,
  onTyping,
}: {
  onSend: (text: string, files: File[]) => Promise<boolean>;
  onEnd: () => void;
  onTyping: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const last = useRef(0);
  const send = async () => {
    if (!isSendableChatMessage(text, files.length)) {
      setError('Required');
      return;
    }
    setError(null);
    if (await onSend(text.trim(), files)) {
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
    >
      <Stack gap="xs">
        <Textarea
          label="Reply"
          value={text}
          error={error}
          autosize
          minRows={2}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (Date.now() - last.current >= CHAT_TYPING_PREVIEW_INTERVAL_MS) {
              last.current = Date.now();
              onTyping(event.currentTarget.value);
            }
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
        />
        {files.length > 0 && (
          <Text size="xs">
            {files.map((file) => `${file.name} (${formatFileSize(file.size)})`).join(', ')}
          </Text>
        )}
        <Group>
          <Button type="submit">Send</Button>
          <FileButton onChange={(chosen) => setFiles(chosen)} accept={CHAT_ATTACHMENT_ACCEPT} multiple>
            {(props) => (
              <Button variant="default" {...props}>
                Attach files
              </Button>
            )}
          </FileButton>
          <Button color="red" variant="light" onClick={onEnd}>
            End chat
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
