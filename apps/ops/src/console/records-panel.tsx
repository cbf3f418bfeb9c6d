/**
 * The application file's second part: a masked value with its Reveal button and reason dialog
 * (SENSITIVE_DATA_REVEAL; the server audits each reveal before it answers), the staff notes
 * (NOTES_WRITE to add) and the borrower's chat transcripts.
 */
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  STAFF_NOTE_MAX_LENGTH,
  ZStaffNoteRequest,
  ZStaffReason,
  type TRevealRequest,
  type TStaffSelf,
} from '@heloc/domain';
import { consoleApi } from './api';
import { when } from './format';

const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

type RevealTarget =
  | { field: 'SSN' }
  | { field: 'ACCOUNT_NUMBER'; purpose: Extract<TRevealRequest, { field: 'ACCOUNT_NUMBER' }>['purpose'] };

/**
 * A masked value; with SENSITIVE_DATA_REVEAL, a Reveal button that asks why in a dialog and shows the
 * full value in place (Hide puts the mask back; it is not kept anywhere else). The timeline is read
 * again after a reveal: it holds the new staff read.
 */
export function SensitiveValue({
  applicationUuid,
  masked,
  target,
  label,
  me,
}: {
  applicationUuid: string;
  masked: string;
  target: RevealTarget;
  /** What is revealed, in words ("SSN", "disbursement account number"). */
  label: string;
  me: TStaffSelf;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: (why: string) => consoleApi.reveal(applicationUuid, { ...target, reason: why }),
    onSuccess: async (answer) => {
      setShown(answer.value);
      setAsking(false);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: ['timeline', applicationUuid] });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = ZStaffReason.safeParse(reason);
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message ?? 'Give a reason');
    setFieldError(null);
    reveal.mutate(checked.data);
  };
  if (!me.permissions.includes('SENSITIVE_DATA_REVEAL')) return <>{masked}</>;
  return (
    <>
      <span data-testid={`sensitive-${label}`}>{shown ?? masked}</span>{' '}
      {shown ? (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Hide the full ${label}`}
          onClick={() => setShown(null)}
        >
          Hide
        </Button>
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Reveal the full ${label}`}
          onClick={() => {
            reveal.reset();
            setAsking(true);
          }}
        >
          Reveal
        </Button>
      )}
      {/* Modal's parts without its <header> (a second banner landmark for axe) and its unnamed close
          button: the title is in the body, Cancel and Escape close it, focus returns to Reveal. */}
      <Modal.Root opened={asking} onClose={() => setAsking(false)}>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Body pt="md">
            <Modal.Title fw={600} mb="xs">
              Reveal the full {label}
            </Modal.Title>
            <form onSubmit={submit} aria-label={`Reveal the full ${label}`}>
              <Stack gap="xs">
                <Text size="sm">
                  Revealing it is recorded in the application’s timeline with your name, the time and your
                  reason.
                </Text>
                <Textarea
                  label="Why you need the full value"
                  value={reason}
                  error={fieldError}
                  autosize
                  minRows={2}
                  data-autofocus
                  onChange={(event) => setReason(event.currentTarget.value)}
                />
                {reveal.isError && (
                  <Alert color="red" role="alert">
                    {errorText(reveal.error, 'The value could not be revealed')}
                  </Alert>
                )}
                <Group gap="xs">
                  <Button type="submit" loading={reveal.isPending}>
                    Reveal
                  </Button>
                  <Button variant="default" onClick={() => setAsking(false)}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            </form>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}

/** Staff notes: newest first; members with NOTES_WRITE add one (never edited: a correction is a new note). */
export function NotesPanel({ applicationUuid, me }: { applicationUuid: string; me: TStaffSelf }) {
  const queryClient = useQueryClient();
  const notes = useQuery({
    queryKey: ['notes', applicationUuid],
    queryFn: () => consoleApi.notes(applicationUuid),
  });
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (text: string) => consoleApi.addNote(applicationUuid, text),
    onSuccess: async () => {
      setBody('');
      await Promise.all(
        [
          ['notes', applicationUuid],
          ['timeline', applicationUuid],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = ZStaffNoteRequest.safeParse({ body });
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message ?? 'Write the note');
    setFieldError(null);
    add.mutate(checked.data.body);
  };
  const items = notes.data?.items ?? [];
  return (
    <Card withBorder padding="sm" component="section" aria-label="Staff notes">
      <Title order={3} size="h4" mb="xs">
        Staff notes
      </Title>
      {notes.isError && (
        <Alert color="red" role="alert" mb="xs">
          {errorText(notes.error, 'The notes could not be loaded')}
        </Alert>
      )}
      {notes.isSuccess && items.length === 0 && <Text size="sm">No notes yet.</Text>}
      <Stack gap="xs">
        {items.map((note) => (
          <div key={note.uuid} data-testid="staff-note">
            <Text size="sm" fw={600}>
              {note.author}, {when(note.createdAt)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.body}
            </Text>
          </div>
        ))}
      </Stack>
      {me.permissions.includes('NOTES_WRITE') && (
        <form onSubmit={submit} aria-label="Add a staff note">
          <Stack gap="xs" mt="sm">
            <Textarea
              label="New note (internal: the borrower never sees it)"
              value={body}
              error={fieldError}
              maxLength={STAFF_NOTE_MAX_LENGTH}
              autosize
              minRows={2}
              onChange={(event) => setBody(event.currentTarget.value)}
            />
            {add.isError && (
              <Alert color="red" role="alert">
                {errorText(add.error, 'The note could not be added')}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={add.isPending}>
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}

const ROLE_WORDS: Record<string, string> = { customer: 'Borrower', agent: 'Agent', bot: 'Chatbot' };

/** The borrower's chat transcripts, newest first, each one folded (a <details>: keyboard-native). */
export function ChatsPanel({ applicationUuid }: { applicationUuid: string }) {
  const chats = useQuery({
    queryKey: ['chats', applicationUuid],
    queryFn: () => consoleApi.chats(applicationUuid),
  });
  const items = chats.data?.items ?? [];
  return (
    <Card withBorder padding="sm" component="section" aria-label="Chat transcripts">
      <Title order={3} size="h4" mb="xs">
        Chat transcripts
      </Title>
      {chats.isError && (
        <Alert color="red" role="alert">
          {errorText(chats.error, 'The chat transcripts could not be loaded')}
        </Alert>
      )}
      {chats.isSuccess && items.length === 0 && <Text size="sm">No chats with this borrower.</Text>}
      <Stack gap="xs">
        {items.map((chat) => (
          <details key={chat.uuid} data-testid="chat-transcript">
            <summary>
              {chat.kind === 'BOT' ? 'Chatbot' : 'Live chat'}, {when(chat.createdAt)}
              {chat.agentName ? ` with ${chat.agentName}` : ''} · {chat.messages.length}{' '}
              {chat.messages.length === 1 ? 'message' : 'messages'}{' '}
              <Badge variant="outline" color="gray.9" size="sm">
                {chat.linked ? 'this application' : 'before it was linked'}
              </Badge>
            </summary>
            <ol className="transcript">
              {chat.messages.map((message) => (
                <li key={message.uuid}>
                  <Text size="sm">
                    <strong>
                      {ROLE_WORDS[message.role] ?? message.role} ({message.author})
                    </strong>
                    , {when(message.at)}: {message.body ?? ''}
                    {message.attachments.length > 0 ? ` [attached: ${message.attachments.join(', ')}]` : ''}
                  </Text>
                </li>
              ))}
            </ol>
          </details>
        ))}
      </Stack>
    </Card>
  );
}
