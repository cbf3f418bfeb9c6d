/**
 * The chat's message log and one message in it, for the borrower's chat window and the agent's desk.
 * Each app keeps its look through props (the widget's bubbles, the desk's plain lines) and its test
 * hooks through `testId` and the data attributes.
 */
import { Button, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { formatFileSize } from '@heloc/domain';

const LIST_STYLE: CSSProperties = {
  flex: 1,
  overflowY: 'auto',
  padding: 12,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
};

export interface MessageListProps {
  children: ReactNode;
  /** The log's accessible name. */
  label?: string;
  /** Merged over the widget's layout (a flexible, scrolling column). */
  style?: CSSProperties;
  /**
   * False when the log grows with the page instead of scrolling itself (the desk): then it is no tab
   * stop, since there is nothing in it to scroll by keyboard.
   */
  scrolls?: boolean;
}

export function MessageList({ children, label = 'Messages', style, scrolls = true }: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Every render may have added a message: keep the newest in view.
  useEffect(() => {
    ref.current?.scrollTo?.({ top: ref.current.scrollHeight });
  });
  return (
    <div
      ref={ref}
      role="log"
      aria-label={label}
      // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={scrolls ? 0 : undefined}
      style={{ ...LIST_STYLE, ...style }}
    >
      {children}
    </div>
  );
}

export interface MessageItemProps {
  own: boolean;
  author: string;
  /** The text (plain or linkified); its line breaks are kept. */
  children?: ReactNode;
  /** Below the text, e.g. the message's files. */
  attachments?: ReactNode;
  /** `bubble`: the widget's speech bubbles, own ones on the right; `plain`: the desk's lines. */
  variant?: 'bubble' | 'plain';
  testId?: string;
  /** The message's author role, as `data-role` (the desk's tests read it). */
  authorRole?: string;
}

export function MessageItem({
  own,
  author,
  children,
  attachments,
  variant = 'bubble',
  testId = 'chat-message',
  authorRole,
}: MessageItemProps) {
  const authorLine = (
    <Text size="xs" c="dimmed">
      {author}
    </Text>
  );
  const hasText = children !== undefined && children !== null && children !== false && children !== '';
  if (variant === 'plain')
    return (
      <div data-testid={testId} data-own={own} data-role={authorRole}>
        {authorLine}
        {hasText && <Text style={{ whiteSpace: 'pre-wrap' }}>{children}</Text>}
        {attachments}
      </div>
    );
  return (
    <div
      style={{ alignSelf: own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
      data-testid={testId}
      data-own={own}
      data-role={authorRole}
    >
      {authorLine}
      <Paper
        px="sm"
        py={6}
        radius="md"
        bg={own ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        c="var(--mantine-color-text)"
      >
        <Text size="sm" component="div">
          {hasText && children}
          {attachments}
        </Text>
      </Paper>
    </div>
  );
}

export interface MessageFile {
  sid: string;
  filename: string;
  size: number;
}

/** A message's files, each a button that downloads it ("name (size)"). */
export function MessageFiles({
  files,
  onDownload,
  size = 'compact-sm',
}: {
  files: readonly MessageFile[];
  onDownload: (file: MessageFile) => void;
  size?: 'compact-xs' | 'compact-sm';
}) {
  return files.map((file) => (
    <Button key={file.sid} variant="subtle" size={size} onClick={() => onDownload(file)}>
      {file.filename} ({formatFileSize(file.size)})
    </Button>
  ));
}
