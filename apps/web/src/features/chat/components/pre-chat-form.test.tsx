import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PreChatForm } from './pre-chat-form';

describe('PreChatForm', () => {
  it('requires a name and a first message, focusing the name first; nothing is started', async () => {
    const user = userEvent.setup();
    const onStart = vi.fn();
    renderWithProviders(<PreChatForm devAgentMode={false} agents={[]} busy={false} onStart={onStart} />);
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    const name = screen.getByLabelText(/Name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText(/How can we help/)).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText(/Email/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(onStart).not.toHaveBeenCalled();
  });

  it('starts with the name and e-mail trimmed and the message as typed', async () => {
    const user = userEvent.setup();
    const onStart = vi.fn();
    renderWithProviders(<PreChatForm devAgentMode={false} agents={[]} busy={false} onStart={onStart} />);
    await user.type(screen.getByLabelText(/Name/), '  Dana Demo ');
    await user.type(screen.getByLabelText(/Email/), ' demo@heloc.test ');
    await user.type(screen.getByLabelText(/How can we help/), 'Can I raise my line? ');
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    await waitFor(() =>
      expect(onStart).toHaveBeenCalledWith({
        friendlyName: 'Dana Demo',
        emailAddress: 'demo@heloc.test',
        message: 'Can I raise my line? ',
        agentId: '',
      }),
    );
  });

  it('in dev agent mode the agent is required too', async () => {
    const user = userEvent.setup();
    const onStart = vi.fn();
    renderWithProviders(
      <PreChatForm devAgentMode agents={[{ agentId: 'a1', name: 'Ops' }]} busy={false} onStart={onStart} />,
    );
    await user.type(screen.getByLabelText(/Name/), 'Dana');
    await user.type(screen.getByLabelText(/How can we help/), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    await waitFor(() =>
      expect(
        screen.getByLabelText(/Agent/, { selector: 'input:not([type="hidden"])' }),
      ).toHaveAccessibleDescription('Required'),
    );
    expect(onStart).not.toHaveBeenCalled();
  });
});
