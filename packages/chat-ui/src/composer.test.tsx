import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_TYPING_PREVIEW_INTERVAL_MS } from '@heloc/domain';
import { Composer, type ComposerProps } from './composer';

function renderComposer(props: Partial<ComposerProps> = {}) {
  const onSend = vi.fn<ComposerProps['onSend']>().mockResolvedValue(true);
  const onTyping = vi.fn<NonNullable<ComposerProps['onTyping']>>();
  render(
    <MantineProvider>
      <Composer onSend={onSend} onTyping={onTyping} placeholder="Type a message" {...props} />
    </MantineProvider>,
  );
  return { onSend: props.onSend ?? onSend, onTyping: props.onTyping ?? onTyping };
}

const box = () => screen.getByRole('textbox', { name: 'Message' });
const file = (name: string, text = 'x') => new File([text], name, { type: 'text/plain' });

afterEach(() => vi.restoreAllMocks());

describe('Composer: the send key (spec 2 §5)', () => {
  it('sends the trimmed text on Enter and clears the box', async () => {
    const user = userEvent.setup();
    const { onSend } = renderComposer();
    await user.type(box(), '  Hello there ');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello there', []);
    await waitFor(() => expect(box()).toHaveValue(''));
  });

  it('inserts a newline on Shift+Enter and does not send', async () => {
    const user = userEvent.setup();
    const { onSend } = renderComposer();
    await user.type(box(), 'line one');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(box()).toHaveValue('line one\n');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send on the Enter that ends an input-method composition', async () => {
    const user = userEvent.setup();
    const { onSend } = renderComposer();
    await user.type(box(), 'にほんご');
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(box()).toHaveValue('にほんご');
  });

  it('sends with the Send button too', async () => {
    const user = userEvent.setup();
    const { onSend } = renderComposer();
    await user.type(box(), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hi', []);
  });
});

describe('Composer: what a send needs and what a failed send keeps', () => {
  it('shows the required message for an empty or blank message and sends nothing', async () => {
    const user = userEvent.setup();
    const { onSend } = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(box()).toHaveAccessibleDescription('Required');
    await user.type(box(), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    // Typing again clears the error.
    await user.type(box(), 'a');
    expect(box()).not.toHaveAccessibleDescription('Required');
  });

  it('uses the required message it is given', async () => {
    const user = userEvent.setup();
    renderComposer({ requiredMessage: 'Text or a file is required' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(box()).toHaveAccessibleDescription('Text or a file is required');
  });

  it('keeps the text and the files when the send fails, and sends them again', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn<ComposerProps['onSend']>().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderComposer({ onSend, attachments: { maxFiles: 5 } });
    const statement = file('statement.txt', 'My statement\n');
    await user.upload(screen.getByTestId('chat-file-input'), statement);
    await user.type(box(), 'Here it is{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(box()).toHaveValue('Here it is');
    expect(screen.getByText('statement.txt (13 bytes)')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenLastCalledWith('Here it is', [statement]);
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(screen.queryByText('statement.txt (13 bytes)')).toBeNull();
  });

  it('keeps the text when the send throws', async () => {
    const user = userEvent.setup();
    renderComposer({ onSend: () => Promise.reject(new Error('offline')) });
    await user.type(box(), 'Still here{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(box()).toHaveValue('Still here');
  });

  it('sends once while a send is under way', async () => {
    const user = userEvent.setup();
    let answer: (ok: boolean) => void = () => {};
    const onSend = vi.fn<ComposerProps['onSend']>(
      () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    );
    renderComposer({ onSend });
    await user.type(box(), 'Once');
    fireEvent.keyDown(box(), { key: 'Enter' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledTimes(1);
    answer(true);
    await waitFor(() => expect(box()).toHaveValue(''));
  });
});

describe('Composer: the typing preview', () => {
  it('goes out at most once a second, with the text typed so far', async () => {
    let now = 100_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const user = userEvent.setup();
    const { onTyping } = renderComposer();
    await user.type(box(), 'Hel');
    expect(onTyping).toHaveBeenCalledExactlyOnceWith('H');
    now += CHAT_TYPING_PREVIEW_INTERVAL_MS - 1;
    await user.type(box(), 'l');
    expect(onTyping).toHaveBeenCalledTimes(1);
    now += 1;
    await user.type(box(), 'o');
    expect(onTyping).toHaveBeenCalledTimes(2);
    expect(onTyping).toHaveBeenLastCalledWith('Hello');
  });
});

describe('Composer: attachments', () => {
  it('has no attach button unless attachments are allowed', () => {
    renderComposer();
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
    expect(screen.queryByTestId('chat-file-input')).toBeNull();
  });

  it('lists the picked files, each removable, and sends the files alone', async () => {
    const user = userEvent.setup();
    const { onSend } = renderComposer({ attachments: { maxFiles: 5 } });
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeVisible();
    const [a, b] = [file('a.pdf'), file('b.png')];
    await user.upload(screen.getByTestId('chat-file-input'), [a, b]);
    expect(screen.getByText(/^a\.pdf \(/)).toBeVisible();
    expect(screen.getByText(/^b\.png \(/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    expect(screen.queryByText(/a\.pdf/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('', [b]);
  });

  it('keeps at most the maximum number of files, across picks', async () => {
    const user = userEvent.setup();
    renderComposer({ attachments: { maxFiles: 2 } });
    const input = screen.getByTestId('chat-file-input');
    await user.upload(input, [file('1.txt')]);
    await user.upload(input, [file('2.txt'), file('3.txt')]);
    expect(screen.getByText(/^1\.txt/)).toBeVisible();
    expect(screen.getByText(/^2\.txt/)).toBeVisible();
    expect(screen.queryByText(/^3\.txt/)).toBeNull();
  });

  it('refuses files of other kinds and says which are accepted', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderComposer({ attachments: { maxFiles: 5 } });
    await user.upload(screen.getByTestId('chat-file-input'), [file('run.exe'), file('ok.txt')]);
    expect(screen.queryByText(/run\.exe/)).toBeNull();
    expect(screen.getByText(/^ok\.txt/)).toBeVisible();
    expect(box()).toHaveAccessibleDescription('Accepted files: jpg, png, amr, mp3, mp4, pdf, txt');
  });
});

describe('Composer: the desk layout', () => {
  it('shows its label, the extra actions beside Send, and a text attach button', async () => {
    const user = userEvent.setup();
    const onEnd = vi.fn();
    renderComposer({
      layout: 'stacked',
      label: 'Reply',
      placeholder: undefined,
      attachments: {},
      actions: (
        <button type="button" onClick={onEnd}>
          End chat
        </button>
      ),
    });
    expect(screen.getByLabelText('Reply')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'End chat' }));
    expect(onEnd).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Attach files' })).toHaveTextContent('Attach files');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Reply')).toHaveAccessibleDescription('Required');
  });
});
