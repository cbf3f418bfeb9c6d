/** The end panel (spec 2 §4): "Start new chat", and "Take the survey" for live-agent chats. */
import { Button, Stack, Text } from '@mantine/core';
import { CHAT_TEXTS, type TChatEnded } from '@heloc/domain';

export function EndPanel({
  ended,
  onNewChat,
  onSurvey,
}: {
  ended: TChatEnded | null;
  onNewChat: () => void;
  onSurvey: () => void;
}) {
  return (
    <Stack
      gap="xs"
      p="md"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="chat-end-panel"
    >
      <Text size="sm" ta="center">
        This chat has ended.
      </Text>
      <Button onClick={onNewChat}>{CHAT_TEXTS.startNewChat}</Button>
      {/* The survey link needs the chat token: not offered once it ran out. */}
      {ended?.live && !ended.tokenExpired && (
        <Button variant="default" onClick={onSurvey}>
          {CHAT_TEXTS.takeSurvey}
        </Button>
      )}
    </Stack>
  );
}
