/**
 * A live-agent chat's messages (attachments download with the chat token), the waiting line until
 * an agent joins, then "<agent> joined the chat" or "<agent> is typing…".
 */
import { Text } from '@mantine/core';
import type { TChatMessage } from '@heloc/domain';
import { MessageFiles, MessageItem } from '@heloc/chat-ui';
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
        <MessageItem
          key={message.sid ?? index}
          own={message.role === 'customer'}
          author={message.role === 'customer' ? 'You' : message.author}
          attachments={
            <MessageFiles
              files={message.media}
              onDownload={(media) => onDownload(media.sid, media.filename)}
            />
          }
        >
          {message.body && <MessageText text={message.body} linkHosts={linkHosts} />}
        </MessageItem>
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
