/** The scrolling message log of the chat window and one message bubble in it. */
import { Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

export function MessageList({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Every render may have added a message: keep the newest in view.
  useEffect(() => {
    ref.current?.scrollTo({ top: ref.current.scrollHeight });
  });
  return (
    <div
      ref={ref}
      role="log"
      aria-label="Messages"
      // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      style={{ flex: 1, overflowY: 'auto', padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {children}
    </div>
  );
}

export function Bubble({ own, author, children }: { own: boolean; author: string; children: ReactNode }) {
  return (
    <div
      style={{ alignSelf: own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
      data-testid="chat-message"
      data-own={own}
    >
      <Text size="xs" c="dimmed">
        {author}
      </Text>
      <Paper
        px="sm"
        py={6}
        radius="md"
        bg={own ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        c="var(--mantine-color-text)"
      >
        <Text size="sm" component="div">
          {children}
        </Text>
      </Paper>
    </div>
  );
}
