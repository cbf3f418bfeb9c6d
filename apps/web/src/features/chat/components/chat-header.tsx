/** The chat window's header: its title, the dev-only mode label, End chat, and Minimize. */
import { Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { CHAT_TEXTS } from '@heloc/domain';

export function ChatHeader({
  modeLabel,
  canEnd,
  onEnd,
  onMinimize,
}: {
  /** The mode a developer forced with ?mode= (dev features only), null otherwise. */
  modeLabel: string | null;
  canEnd: boolean;
  onEnd: () => void;
  onMinimize: () => void;
}) {
  return (
    <Group
      justify="space-between"
      px="md"
      py="sm"
      bg="var(--mantine-primary-color-filled)"
      c="var(--mantine-primary-color-contrast)"
    >
      <Stack gap={0}>
        <Text fw={700} component="h2" size="md" m={0}>
          {CHAT_TEXTS.launcher}
        </Text>
        {modeLabel !== null && (
          <Text size="xs" data-testid="chat-mode-label">
            Mode: {modeLabel}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        {canEnd && (
          <Button size="compact-xs" variant="white" onClick={onEnd}>
            End chat
          </Button>
        )}
        <CloseButton
          aria-label="Minimize chat"
          variant="transparent"
          c="var(--mantine-primary-color-contrast)"
          onClick={onMinimize}
        />
      </Group>
    </Group>
  );
}
