/**
 * The agent desk: waiting chats and the agent's own active ones (with the borrower's application
 * context); accept one, reply (with attachments), end it. Events arrive on the chat websocket with
 * an agent token; the queue re-reads on every queue change.
 */
import { Alert, Badge, Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { appendChatMessage, type TChatMessage, type TDeskConversation } from '@heloc/domain';
import { Composer, MessageFiles, MessageItem, MessageList } from '@heloc/chat-ui';
import { desk } from '../api';
import { ContextCard } from './context-card';
import { useDeskSocket } from './use-desk-socket';
import classes from './chat-desk.module.css';

const EMPTY: TDeskConversation[] = [];
/** The desk's log grows with the page (no height of its own, no padding), lines closer than the widget's. */
const DESK_LOG = { flex: 'none', overflowY: 'visible', padding: 0, gap: 6 } as const;

/**
 * The desk reads afresh each time it opens (an agent token has an expiry; the queue moved while the
 * desk was closed): nothing kept once it closes (gcTime 0). Failures show as they are (no silent
 * retries), and the socket, not window focus, says when to read the queue again.
 */
const DESK_QUERY = { retry: false, gcTime: 0, refetchOnWindowFocus: false } as const;
const errorMessage = (caught: unknown, fallback: string) =>
  caught instanceof Error ? caught.message : fallback;

/** The chat desk needs an agent chat token (issued to members with CHAT_DESK), once per sign-in. */
export function ChatDesk() {
  const token = useQuery({
    queryKey: ['desk', 'agentToken'],
    queryFn: desk.agentToken,
    staleTime: Infinity,
    ...DESK_QUERY,
  });
  if (token.error)
    return (
      <Alert color="red" role="alert">
        {errorMessage(token.error, 'Could not open')}
      </Alert>
    );
  if (!token.data) return null;
  return <Desk agent={{ token: token.data.token, name: token.data.agentName }} />;
}

function Desk({ agent }: { agent: { token: string; name: string } }) {
  const queryClient = useQueryClient();
  // The queue: read on opening, and again whenever the socket says it changed.
  const queue = useQuery({ queryKey: ['desk', 'queue'], queryFn: desk.list, staleTime: 0, ...DESK_QUERY });
  const list = queue.data ?? EMPTY;
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['desk', 'queue'] }),
    [queryClient],
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [ended, setEnded] = useState<Set<string>>(new Set());
  const [preview, setPreview] = useState<string>('');
  const [actionError, setError] = useState<string | null>(null);
  const error =
    actionError ?? (queue.error ? errorMessage(queue.error, 'Something unexpected happened') : null);

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
      setMessages((current) => appendChatMessage(current, event.message));
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
    <div className={classes.desk}>
      <nav aria-label="Chats" className={classes.queue}>
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
      <section aria-label="Chat" className={classes.chat}>
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
              <MessageList style={DESK_LOG} scrolls={false}>
                {messages.map((message, index) => (
                  <MessageItem
                    key={message.sid ?? index}
                    variant="plain"
                    testId="desk-message"
                    authorRole={message.role}
                    own={message.role !== 'customer'}
                    author={message.author}
                    attachments={
                      <MessageFiles
                        size="compact-xs"
                        files={message.media}
                        onDownload={(media) =>
                          void desk.download(agent.token, current.conversationSid, media.sid, media.filename)
                        }
                      />
                    }
                  >
                    {message.body}
                  </MessageItem>
                ))}
                {preview && (
                  <Text size="sm" c="dimmed" fs="italic" data-testid="desk-typing">
                    Typing: {preview}
                  </Text>
                )}
              </MessageList>
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
                <Composer
                  layout="stacked"
                  label="Reply"
                  // No count of its own: the server's limit answers the send.
                  attachments={{}}
                  onTyping={(text) => socket.typing(current.conversationSid, text)}
                  onSend={async (text, files) => {
                    try {
                      const sent = await desk.send(agent.token, current.conversationSid, text, files);
                      setMessages((list) => appendChatMessage(list, sent));
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
                  actions={
                    <Button
                      color="red"
                      variant="light"
                      onClick={() => {
                        desk
                          .end(agent.token, current.conversationSid)
                          .then(() => setEnded((set) => new Set(set).add(current.conversationSid)))
                          .catch(() => setError('Something went wrong. Please try again later.'));
                      }}
                    >
                      End chat
                    </Button>
                  }
                />
              )}
            </Stack>
          )}
        </div>
      </section>
    </div>
  );
}
