/**
 * The composer (spec 2 §5): Enter sends, Shift+Enter is a newline; a typing preview at most every
 * second; attachments where the mode allows them (picked files listed, each removable). The text
 * and files stay when a send fails (`onSend` answers false).
 */
import { ActionIcon, Button, CloseButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import {
  CHAT_ATTACHMENT_ACCEPT,
  REQUIRED_MESSAGE,
  formatFileSize,
  isAcceptedChatAttachment,
  isChatSendKey,
  isSendableChatMessage,
  isTypingPreviewDue,
} from '@heloc/domain';

export function Composer({
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
            if (isTypingPreviewDue(lastTyping.current, Date.now())) {
              lastTyping.current = Date.now();
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
