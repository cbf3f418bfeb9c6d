import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MessageFiles, MessageItem, MessageList } from './message-list';

const renderIn = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('MessageList', () => {
  it('is a named log the keyboard can reach', async () => {
    const user = userEvent.setup();
    renderIn(
      <MessageList>
        <MessageItem own author="You">
          Hi
        </MessageItem>
      </MessageList>,
    );
    const log = screen.getByRole('log', { name: 'Messages' });
    await user.tab();
    expect(log).toHaveFocus();
    expect(log).toHaveTextContent('Hi');
  });

  it('is no tab stop when it grows with the page instead of scrolling (the desk)', async () => {
    const user = userEvent.setup();
    renderIn(
      <>
        <MessageList scrolls={false}>
          <MessageItem own author="Agent">
            Hi
          </MessageItem>
        </MessageList>
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(screen.getByRole('log', { name: 'Messages' })).not.toHaveAttribute('tabindex');
  });

  it('scrolls to the newest message whenever it renders', () => {
    const scrollTo = vi.fn();
    const original = Element.prototype.scrollTo;
    Element.prototype.scrollTo = scrollTo;
    try {
      const { rerender } = renderIn(<MessageList label="Chat log">{null}</MessageList>);
      const log = screen.getByRole('log', { name: 'Chat log' });
      Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 640 });
      rerender(
        <MantineProvider>
          <MessageList label="Chat log">
            <MessageItem own={false} author="Ops">
              New
            </MessageItem>
          </MessageList>
        </MantineProvider>,
      );
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 640 });
    } finally {
      Element.prototype.scrollTo = original;
    }
  });
});

describe('MessageItem', () => {
  it('puts own bubbles on the right and others on the left, with the widget’s hooks', () => {
    renderIn(
      <>
        <MessageItem own author="You">
          Mine
        </MessageItem>
        <MessageItem own={false} author="Chatbot">
          Theirs
        </MessageItem>
      </>,
    );
    const [mine, theirs] = screen.getAllByTestId('chat-message');
    expect(mine).toHaveAttribute('data-own', 'true');
    expect(mine).toHaveStyle({ alignSelf: 'flex-end' });
    expect(mine).toHaveTextContent('YouMine');
    expect(theirs).toHaveAttribute('data-own', 'false');
    expect(theirs).toHaveStyle({ alignSelf: 'flex-start' });
  });

  it('renders the desk’s plain line with its test id, role, kept line breaks and files', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    const media = { sid: 'ME1', filename: 'statement.txt', size: 13 };
    renderIn(
      <MessageItem
        variant="plain"
        testId="desk-message"
        authorRole="customer"
        own={false}
        author="Dana"
        attachments={<MessageFiles size="compact-xs" files={[media]} onDownload={onDownload} />}
      >
        {'line one\nline two'}
      </MessageItem>,
    );
    const item = screen.getByTestId('desk-message');
    expect(item).toHaveAttribute('data-role', 'customer');
    expect(screen.getByText(/line one/)).toHaveStyle({ whiteSpace: 'pre-wrap' });
    await user.click(screen.getByRole('button', { name: 'statement.txt (13 bytes)' }));
    expect(onDownload).toHaveBeenCalledExactlyOnceWith(media);
  });

  it('leaves out an empty body', () => {
    renderIn(
      <MessageItem variant="plain" own={false} author="Dana">
        {''}
      </MessageItem>,
    );
    expect(screen.getByTestId('chat-message').children).toHaveLength(1);
  });
});
