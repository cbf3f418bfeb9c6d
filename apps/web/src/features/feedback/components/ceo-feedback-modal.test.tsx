import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CEO_FEEDBACK_TITLE } from '@heloc/domain';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { APPLICATION_UUID, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { CeoFeedbackButton } from '../index';
import { CEO_FEEDBACK_LABELS } from './ceo-feedback-modal';

const SEND = 'POST /service-profile/api/v1/feedback/ceo';
let scrolled: HTMLElement[];

beforeEach(() => {
  scrolled = [];
  // jsdom does not lay out, so it has no scrollIntoView; record which element asked for it.
  Element.prototype.scrollIntoView = vi.fn(function (this: HTMLElement) {
    scrolled.push(this);
  });
  setUnauthenticatedHandler(() => {});
  window.history.replaceState(null, '', `/account/heloc/${APPLICATION_UUID}/start/contact`);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
  window.history.replaceState(null, '', '/');
});

async function openModal() {
  const user = userEvent.setup();
  renderWithProviders(<CeoFeedbackButton />);
  await user.click(screen.getByRole('button', { name: CEO_FEEDBACK_TITLE }));
  const dialog = await screen.findByRole('dialog', { name: CEO_FEEDBACK_TITLE });
  const form = within(dialog);
  return {
    user,
    dialog,
    form,
    topic: (name: string) => form.getByRole('radio', { name }),
    message: () => form.getByRole('textbox', { name: new RegExp(CEO_FEEDBACK_LABELS.message) }),
    consent: (answer: 'Yes' | 'No') =>
      within(
        form.getByRole('radiogroup', { name: new RegExp(CEO_FEEDBACK_LABELS.marketingConsent) }),
      ).getByRole('radio', { name: answer }),
    submit: () => user.click(form.getByRole('button', { name: CEO_FEEDBACK_LABELS.submit })),
  };
}

/** The group's error: Mantine renders it as the group's description. */
const groupError = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('radiogroup', { name: new RegExp(label) });

describe('CEO feedback modal', () => {
  it('opens from its button, titled "Share your thoughts with our CEO"', async () => {
    const { dialog } = await openModal();
    expect(within(dialog).getByRole('heading', { name: CEO_FEEDBACK_TITLE })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Improve our product' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Give us a compliment' })).toBeInTheDocument();
  });

  it('shows "Required" for every empty field, sends nothing, and scrolls to and focuses the first (topic)', async () => {
    const api = mockApi();
    const { dialog, submit, topic, message } = await openModal();
    await submit();
    expect(await within(dialog).findAllByText('Required')).toHaveLength(3);
    expect(groupError(dialog, CEO_FEEDBACK_LABELS.topic)).toHaveAccessibleDescription(/Required/);
    expect(message()).toHaveAccessibleDescription(/Required/);
    expect(groupError(dialog, CEO_FEEDBACK_LABELS.marketingConsent)).toHaveAccessibleDescription(/Required/);
    expect(scrolled).toEqual([topic('Improve our product')]);
    await waitFor(() => expect(topic('Improve our product')).toHaveFocus());
    expect(api.callsTo(SEND)).toHaveLength(0);
  });

  it('scrolls to the message when the topic is chosen but the message is missing', async () => {
    mockApi();
    const { user, submit, topic, message } = await openModal();
    await user.click(topic('Give us a compliment'));
    await submit();
    await waitFor(() => expect(message()).toHaveFocus());
    expect(scrolled.at(-1)).toBe(message());
  });

  it('scrolls to the consent when it is the only field missing', async () => {
    mockApi();
    const { user, submit, topic, message, consent } = await openModal();
    await user.click(topic('Improve our product'));
    await user.type(message(), 'Please add a mobile app.');
    await submit();
    await waitFor(() => expect(consent('Yes')).toHaveFocus());
    expect(scrolled.at(-1)).toBe(consent('Yes'));
  });

  it('says "Must be at least 10 characters" under 10 and clears it once long enough', async () => {
    mockApi();
    const { user, submit, message } = await openModal();
    await user.type(message(), 'Too short');
    await submit();
    expect(message()).toHaveAccessibleDescription(/Must be at least 10 characters/);
    await user.type(message(), '!');
    await waitFor(() => expect(message()).not.toHaveAccessibleDescription(/Must be at least/));
  });

  it('says "Must be at most 1000 characters" above 1000', async () => {
    mockApi();
    const { submit, message } = await openModal();
    // An input event, as typing sends (Preact's onChange listens to input, not change).
    fireEvent.input(message(), { target: { value: 'a'.repeat(1001) } });
    await submit();
    expect(message()).toHaveAccessibleDescription(/Must be at most 1000 characters/);
  });

  it('sends the form with the application on screen, the path and productType HELOC, then thanks', async () => {
    const api = mockApi().on(SEND, {
      status: 201,
      body: { uuid: APPLICATION_UUID, createdAt: '2026-01-01T00:00:00.000Z' },
    });
    const { user, dialog, submit, topic, message, consent } = await openModal();
    await user.click(topic('Improve our product'));
    await user.type(message(), '  Please add a mobile app.  ');
    await user.click(consent('No'));
    await submit();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(CEO_FEEDBACK_LABELS.sent);
    expect(api.callsTo(SEND).map((call) => call.body)).toEqual([
      {
        topic: 'Improve our product',
        message: 'Please add a mobile app.',
        marketingConsent: false,
        applicationUuid: APPLICATION_UUID,
        pathname: `/account/heloc/${APPLICATION_UUID}/start/contact`,
        productType: 'HELOC',
      },
    ]);
  });

  it('sends no application outside an application page', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const api = mockApi().on(SEND, {
      status: 201,
      body: { uuid: APPLICATION_UUID, createdAt: '2026-01-01T00:00:00.000Z' },
    });
    const { user, dialog, submit, topic, message, consent } = await openModal();
    await user.click(topic('Give us a compliment'));
    await user.type(message(), 'Lovely people on the phone.');
    await user.click(consent('Yes'));
    await submit();
    await within(dialog).findByRole('status');
    expect(api.callsTo(SEND)[0]!.body).toMatchObject({
      applicationUuid: null,
      pathname: '/dashboard',
      marketingConsent: true,
    });
  });

  it('closes with Cancel and gives focus back to its button', async () => {
    mockApi();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: CEO_FEEDBACK_LABELS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: CEO_FEEDBACK_TITLE })).toHaveFocus());
  });

  it('shows a server error inline and keeps what was typed', async () => {
    mockApi().on(SEND, { status: 500, body: { status: 500, message: 'Feedback is unavailable right now.' } });
    const { user, dialog, submit, topic, message, consent } = await openModal();
    await user.click(topic('Give us a compliment'));
    await user.type(message(), 'Great service, thank you.');
    await user.click(consent('Yes'));
    await submit();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Feedback is unavailable right now.');
    expect(message()).toHaveValue('Great service, thank you.');
    expect(topic('Give us a compliment')).toBeChecked();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the server’s field messages inline too (400)', async () => {
    mockApi().on(SEND, {
      status: 400,
      body: {
        status: 400,
        message: 'Invalid request',
        details: [{ path: 'body.message', message: 'Must be at least 10 characters' }],
      },
    });
    const { user, dialog, submit, topic, message, consent } = await openModal();
    await user.click(topic('Give us a compliment'));
    await user.type(message(), 'Twelve chars');
    await user.click(consent('Yes'));
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Must be at least 10 characters.');
  });
});
