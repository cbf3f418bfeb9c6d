/** The agent's reply box: Enter sends, typing previews at most every second, attachments, End chat. */
import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import {
  CHAT_ATTACHMENT_ACCEPT,
  formatFileSize,
  isChatSendKey,
  isSendableChatMessage,
  isTypingPreviewDue,
} from '@heloc/domain';

export function Reply({
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
            if (isTypingPreviewDue(last.current, Date.now())) {
              last.current = Date.now();
              onTyping(event.currentTarget.value);
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
