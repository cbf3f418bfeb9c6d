/** "Waiting for next available agent" with its animated dots (spec 2 §4), until an agent joins. */
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CHAT_TEXTS, CHAT_WAITING_DOTS_INTERVAL_MS } from '@heloc/domain';

export function WaitingLine() {
  const [dots, setDots] = useState(1);
  useEffect(() => {
    const timer = setInterval(() => setDots((count) => (count % 3) + 1), CHAT_WAITING_DOTS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="sm" c="dimmed" ta="center" data-testid="chat-waiting">
      {CHAT_TEXTS.waitingForAgent}
      <span aria-hidden="true">{'.'.repeat(dots)}</span>
    </Text>
  );
}
