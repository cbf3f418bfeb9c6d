/**
 * The chatbot's greeting and each question with its answer; under the last answer, while the chat
 * goes on, "Bad Response" (disabled once used until a new answer) and the live-agent offer.
 */
import { Button, Group } from '@mantine/core';
import type { TChatbotHistoryItem } from '@heloc/domain';
import { MessageItem } from '@heloc/chat-ui';
import { MessageText } from './message-text';

export interface BotTranscriptProps {
  lines: TChatbotHistoryItem[];
  linkHosts: readonly string[];
  /** The actions under the last answer (absent once the chat ended). */
  actions: {
    rated: boolean;
    offerLiveAgent: boolean;
    onBadResponse: () => void;
    onLiveAgent: () => void;
  } | null;
}

export function BotTranscript({ lines, linkHosts, actions }: BotTranscriptProps) {
  return (
    <>
      <MessageItem own={false} author="Chatbot">
        Hi! I’m the virtual assistant. Ask me about rates, fees, timing, documents or your application.
      </MessageItem>
      {lines.map((line, index) => (
        <div key={line.questionId}>
          <MessageItem own author="You">
            <MessageText text={line.questionStr} linkHosts={linkHosts} />
          </MessageItem>
          <MessageItem own={false} author="Chatbot">
            <MessageText text={line.responseStr} linkHosts={linkHosts} />
          </MessageItem>
          {index === lines.length - 1 && actions && (
            <Group gap="xs" px="xs">
              <Button
                size="compact-xs"
                variant="default"
                disabled={actions.rated}
                onClick={actions.onBadResponse}
              >
                Bad Response
              </Button>
              {actions.offerLiveAgent && (
                <Button size="compact-xs" onClick={actions.onLiveAgent}>
                  Chat with a live agent
                </Button>
              )}
            </Group>
          )}
        </div>
      ))}
    </>
  );
}
