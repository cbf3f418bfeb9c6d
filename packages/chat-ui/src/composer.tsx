/**
 * The composer (spec 2 §5) of the borrower's chat window and the agent's reply box: Enter sends,
 * Shift+Enter is a newline, the Enter that ends an input-method composition does not send; a typing
 * preview at most every second; attachments where allowed (picked files listed, each removable, up to
 * a maximum). The text and files stay when a send fails (`onSend` answers false); a second send waits
 * for the first.
 */
import { ActionIcon, Button, CloseButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import {
  CHAT_ATTACHMENT_ACCEPT,
  CHAT_ATTACHMENT_EXTENSIONS,
  REQUIRED_MESSAGE,
  formatFileSize,
  isAcceptedChatAttachment,
  isChatSendKey,
  isSendableChatMessage,
  isTypingPreviewDue,
} from '@heloc/domain';

/** What a refused pick says: the accepted list itself, so the message cannot drift from the rule. */
export const ACCEPTED_FILES_MESSAGE = `Accepted files: ${CHAT_ATTACHMENT_EXTENSIONS.join(', ')}`;

export interface ComposerAttachments {
  /** Absent: as many as picked (the server's limit answers the send). */
  maxFiles?: number;
  /** The file input's `accept` list. */
  accept?: string;
  /** The file input's test id (the e2e tests pick files through it). */
  inputTestId?: string;
}

export interface ComposerProps {
  /** Answers whether the message went out; false keeps the text and files for another try. */
  onSend: (text: string, files: File[]) => Promise<boolean>;
  onTyping?: (text: string) => void;
  /** Absent or null: no attachments. */
  attachments?: ComposerAttachments | null;
  /** The text box's name. */
  label?: string;
  /** `row`: the widget's one line (name read out, not shown); `stacked`: the desk's labelled box over its buttons. */
  layout?: 'row' | 'stacked';
  placeholder?: string;
  requiredMessage?: string;
  /** More buttons beside Send (the desk's End chat). */
  actions?: ReactNode;
}

export function Composer({
  onSend,
  onTyping,
  attachments = null,
  label = 'Message',
  layout = 'row',
  placeholder,
  requiredMessage = REQUIRED_MESSAGE,
  actions,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref as well as the state: two Enters in one frame both see the state before the first send.
  const sending = useRef(false);
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = async () => {
    if (sending.current) return;
    if (!isSendableChatMessage(text, files.length)) {
      setError(requiredMessage);
      return;
    }
    setError(null);
    sending.current = true;
    setBusy(true);
    let ok = false;
    try {
      ok = await onSend(text.trim(), files);
    } catch {
      // A send that throws failed like one that answers false: the text and files stay.
    } finally {
      sending.current = false;
      setBusy(false);
    }
    if (ok) {
      setText('');
      setFiles([]);
    }
  };

  const row = layout === 'row';
  const textBox = (
    <Textarea
      label={row ? undefined : label}
      aria-label={row ? label : undefined}
      placeholder={placeholder}
      style={row ? { flex: 1 } : undefined}
      autosize
      minRows={row ? 1 : 2}
      maxRows={row ? 4 : undefined}
      value={text}
      error={error}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setText(value);
        if (error) setError(null);
        const now = Date.now();
        if (onTyping && isTypingPreviewDue(lastTyping.current, now)) {
          lastTyping.current = now;
          onTyping(value);
        }
      }}
      onKeyDown={(event) => {
        if (
          isChatSendKey({
            key: event.key,
            shiftKey: event.shiftKey,
            isComposing: event.nativeEvent.isComposing,
          })
        ) {
          event.preventDefault();
          void send();
        }
      }}
    />
  );

  const fileList = files.length > 0 && (
    <Stack gap={2} mb={row ? 4 : undefined}>
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
  );

  const attach = attachments && (
    <>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={attachments.accept ?? CHAT_ATTACHMENT_ACCEPT}
        hidden
        aria-label="Attach files"
        data-testid={attachments.inputTestId ?? 'chat-file-input'}
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          const accepted = chosen.filter((file) => isAcceptedChatAttachment(file.name));
          if (accepted.length < chosen.length) setError(ACCEPTED_FILES_MESSAGE);
          setFiles((current) => [...current, ...accepted].slice(0, attachments.maxFiles ?? Infinity));
        }}
      />
      {row ? (
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Attach files"
          onClick={() => fileInput.current?.click()}
        >
          <span aria-hidden="true">📎</span>
        </ActionIcon>
      ) : (
        <Button variant="default" onClick={() => fileInput.current?.click()}>
          Attach files
        </Button>
      )}
    </>
  );

  const sendButton = (
    <Button type="submit" loading={busy}>
      Send
    </Button>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      style={row ? { borderTop: '1px solid var(--mantine-color-default-border)', padding: 8 } : undefined}
    >
      {row ? (
        <>
          {fileList}
          <Group gap="xs" align="flex-end" wrap="nowrap">
            {textBox}
            {attach}
            {sendButton}
            {actions}
          </Group>
        </>
      ) : (
        <Stack gap="xs">
          {textBox}
          {fileList}
          <Group>
            {sendButton}
            {attach}
            {actions}
          </Group>
        </Stack>
      )}
    </form>
  );
}
