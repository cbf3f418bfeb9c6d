/**
 * A live-agent chat's messages (attachments download with the chat token), the waiting line until
 * an agent joins, then "<agent> joined the chat" or "<agent> is typing…".
 */
import { Button, Text } from '@mantine/core';
import { formatFileSize, type TChatMessage } from '@heloc/domain';
import { Bubble } from './message-list';
import { MessageText } from './message-text';
import { WaitingLine } from './waiting-line';

export interface LiveTranscriptProps {
  messages: TChatMessage[];
  linkHosts: readonly string[];
  /** Only while the chat is live (the end panel keeps the messages alone). */
  waiting: boolean;
  agentLine: { agentName: string; typing: boolean } | null;
  onDownload: (mediaSid: string, filename: string) => void;
}

export function LiveTranscript({ messages, linkHosts, waiting, agentLine, onDownload }: LiveTranscriptProps) {
  return (
    <>
      {messages.map((message, index) => (
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
              onClick={() => onDownload(media.sid, media.filename)}
            >
              {media.filename} ({formatFileSize(media.size)})
            </Button>
          ))}
        </Bubble>
      ))}
      {waiting && <WaitingLine />}
      {agentLine && (
        <Text size="xs" c="dimmed" ta="center">
          {agentLine.typing ? `${agentLine.agentName} is typing…` : `${agentLine.agentName} joined the chat`}
        </Text>
      )}
    </>
  );
}
