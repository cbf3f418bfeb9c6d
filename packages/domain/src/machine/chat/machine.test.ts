import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_ALERTS, CHAT_TYPING_PREVIEW_INTERVAL_MS, LIVE_CHAT_TOKEN_LIFETIME_MS } from '../../constants';
import type { TChatMode } from '../../enums';
import type { TChatSession } from '../../schemas/chat';
import { chatPhase, type TChatPhase } from './machine';
import { renewalDelay } from './setup';
import {
  BOT_SESSION,
  HOUR,
  HttpError,
  LIVE_SESSION,
  NOW,
  botLine,
  conversation,
  harness,
  message,
  settle,
} from './testing';

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

type Harness = ReturnType<typeof harness>;
const phaseOf = (h: Harness): TChatPhase => chatPhase(h.actor.getSnapshot().value as string);
const context = (h: Harness) => h.actor.getSnapshot().context;

/** Starts the machine and tells it the config and the hours, as the window does once both arrive. */
async function open(
  session: TChatSession | null,
  { openNow = true, devMode = null as TChatMode | null, setUp = (_: Harness) => {} } = {},
): Promise<Harness> {
  const h = harness(session);
  setUp(h);
  h.actor.start();
  h.actor.send({ type: 'ENV', orgCode: 'MAIN', configReady: true, openNow, devMode });
  await settle();
  return h;
}

/** A live chat in progress (restored from a stored session, the agent waiting). */
const live = (setUp?: (h: Harness) => void) => open(LIVE_SESSION, { setUp });

describe('renewalDelay', () => {
  it.each([
    ['a fresh token: ten minutes before its end', NOW + LIVE_CHAT_TOKEN_LIFETIME_MS, 5 * HOUR + 50 * MINUTE],
    ['half an hour left', NOW + 30 * MINUTE, 20 * MINUTE],
    // A tab that slept past the renewal time, or a browser clock ahead of the server's: soon, not at once.
    ['already due', NOW + 5 * MINUTE, MINUTE],
    ['already expired', NOW - 3 * HOUR, MINUTE],
    // A browser clock behind the server's never pushes the renewal beyond the token's lifetime.
    [
      'an expiration further away than a lifetime',
      NOW + 2 * LIVE_CHAT_TOKEN_LIFETIME_MS,
      5 * HOUR + 50 * MINUTE,
    ],
  ])('%s', (_, expiration, delay) => {
    expect(renewalDelay(expiration, NOW)).toBe(delay);
  });
});

describe('loading: the mode choice and the restore (spec 2 §4, §8)', () => {
  it('waits for the config and the hours before choosing', async () => {
    const h = harness(null);
    h.actor.start();
    h.actor.send({ type: 'ENV', orgCode: 'MAIN', configReady: true, openNow: null, devMode: null });
    expect(phaseOf(h)).toBe('loading');
    h.actor.send({ type: 'ENV', orgCode: 'MAIN', configReady: false, openNow: true, devMode: null });
    expect(phaseOf(h)).toBe('loading');
    h.actor.send({ type: 'ENV', orgCode: 'MAIN', configReady: true, openNow: true, devMode: null });
    expect(phaseOf(h)).toBe('prechat');
  });

  const failing = (status: number) => () => Promise.reject(new HttpError(status));
  it.each<{
    name: string;
    session: TChatSession | null;
    openNow: boolean;
    devMode?: TChatMode;
    setUp?: (h: Harness) => void;
    phase: TChatPhase;
    stored: 'kept' | 'cleared' | 'renewed';
    ended?: { live: boolean; tokenExpired: boolean };
  }>([
    {
      name: 'no session, open: the pre-chat form',
      session: null,
      openNow: true,
      phase: 'prechat',
      stored: 'cleared',
    },
    {
      name: 'no session, closed: the chatbot',
      session: null,
      openNow: false,
      phase: 'bot',
      stored: 'cleared',
    },
    {
      name: 'a live session: restored',
      session: LIVE_SESSION,
      openNow: false,
      phase: 'live',
      stored: 'kept',
    },
    {
      name: 'a live session whose conversation ended: the end panel',
      session: LIVE_SESSION,
      openNow: true,
      setUp: (h) => h.api.loadConversation.mockResolvedValueOnce(conversation('ENDED')),
      phase: 'ended',
      stored: 'kept',
      ended: { live: true, tokenExpired: false },
    },
    {
      name: 'a live session with a refused token: renewed once, then restored',
      session: LIVE_SESSION,
      openNow: true,
      setUp: (h) => h.api.loadConversation.mockImplementationOnce(failing(401)),
      phase: 'live',
      stored: 'renewed',
    },
    {
      name: 'a refused token that cannot be renewed, open: deactivated to the pre-chat form',
      session: LIVE_SESSION,
      openNow: true,
      setUp: (h) => {
        h.api.loadConversation.mockImplementationOnce(failing(401));
        h.api.refreshToken.mockImplementationOnce(failing(401));
      },
      phase: 'prechat',
      stored: 'cleared',
    },
    {
      name: 'a failed restore, closed: deactivated to the chatbot',
      session: LIVE_SESSION,
      openNow: false,
      setUp: (h) => h.api.loadConversation.mockImplementationOnce(failing(500)),
      phase: 'bot',
      stored: 'cleared',
    },
    {
      name: 'a chatbot session: its history',
      session: BOT_SESSION,
      openNow: true,
      phase: 'bot',
      stored: 'kept',
    },
    {
      name: 'an expired chatbot session: the end panel with its transcript',
      session: BOT_SESSION,
      openNow: false,
      setUp: (h) =>
        h.api.loadHistory.mockResolvedValueOnce({
          conversationId: BOT_SESSION.conversationId!,
          items: [botLine(1)],
          expiration: NOW - MINUTE,
          expired: true,
        }),
      phase: 'ended',
      stored: 'kept',
      ended: { live: false, tokenExpired: false },
    },
    {
      name: 'a chatbot history that fails: a fresh chatbot',
      session: BOT_SESSION,
      openNow: false,
      setUp: (h) => h.api.loadHistory.mockImplementationOnce(failing(500)),
      phase: 'bot',
      stored: 'cleared',
    },
    {
      name: 'the dev mode query chatbot over a live session: a fresh chatbot',
      session: LIVE_SESSION,
      openNow: true,
      devMode: 'chatbot',
      phase: 'bot',
      stored: 'cleared',
    },
  ])('$name', async ({ session, openNow, devMode, setUp, phase, stored, ended }) => {
    const h = await open(session, { openNow, devMode: devMode ?? null, setUp });
    expect(phaseOf(h)).toBe(phase);
    if (stored === 'cleared') {
      expect(context(h).session).toBeNull();
      expect(h.stored.at(-1)).toBeNull();
    } else if (stored === 'renewed') {
      expect(context(h).session?.token).toBe('token-2');
      expect(h.stored.at(-1)?.token).toBe('token-2');
      expect(h.api.loadConversation).toHaveBeenLastCalledWith({ token: 'token-2', conversationSid: 'CH1' });
    } else {
      expect(context(h).session).toEqual(session);
      expect(h.stored).toEqual([]);
    }
    expect(context(h).ended).toEqual(ended ?? null);
  });
});

describe('prechat → live', () => {
  const form = { friendlyName: 'Dana', emailAddress: 'dana@heloc.test', message: 'Hello', agentId: '' };

  it('starts the chat, stores the session and shows the conversation', async () => {
    const h = await open(null);
    h.actor.send({ type: 'NONCE', nonce: 'n-1' });
    h.actor.send({ type: 'START', form });
    await settle();
    expect(h.api.startChat).toHaveBeenCalledWith({ form, devMode: null, nonce: 'n-1', orgCode: 'MAIN' });
    expect(phaseOf(h)).toBe('live');
    expect(h.stored.at(-1)).toMatchObject({
      token: 'token-1',
      conversationSid: 'CH1',
      initialMessage: 'Hello',
    });
    expect(context(h).messages).toEqual([message('m1')]);
    expect(h.sockets.map((s) => s.token)).toEqual(['token-1']);
  });

  it.each([
    ['the start call', (h: Harness) => h.api.startChat.mockRejectedValueOnce(new HttpError(500))],
    ['the first read', (h: Harness) => h.api.loadConversation.mockRejectedValueOnce(new HttpError(500))],
  ])('%s fails: the general alert, the form stays', async (_, setUp) => {
    const h = await open(null, { setUp });
    h.actor.send({ type: 'START', form });
    await settle();
    expect(phaseOf(h)).toBe('prechat');
    expect(context(h).alert).toEqual(CHAT_ALERTS.generic);
  });
});

describe('live: socket events', () => {
  it.each<{ name: string; events: Parameters<Harness['socketEvent']>[0][]; expect: (h: Harness) => void }>([
    {
      name: 'a message is added once',
      events: [
        { type: 'message', conversationSid: 'CH1', message: message('m2') },
        { type: 'message', conversationSid: 'CH1', message: message('m2') },
      ],
      expect: (h) => expect(context(h).messages.map((m) => m.sid)).toEqual(['m1', 'm2']),
    },
    {
      name: 'the agent joins',
      events: [{ type: 'agentJoined', conversationSid: 'CH1', agentName: 'Ops' }],
      expect: (h) => expect(context(h)).toMatchObject({ status: 'ACTIVE', agentName: 'Ops' }),
    },
    {
      name: 'the agent ends the chat: the end panel with the survey',
      events: [{ type: 'ended', conversationSid: 'CH1' }],
      expect: (h) => {
        expect(phaseOf(h)).toBe('ended');
        expect(context(h).ended).toEqual({ live: true, tokenExpired: false });
        expect(h.sockets[0]!.closed).toBe(true);
      },
    },
    {
      name: 'a resync reads the conversation again',
      events: [{ type: 'resync', conversationSid: 'CH1' }],
      expect: (h) => expect(h.api.loadConversation).toHaveBeenCalledTimes(2),
    },
  ])('$name', async ({ events, expect: check }) => {
    const h = await live();
    for (const event of events) h.socketEvent(event);
    await settle();
    check(h);
  });

  it('the typing line: on a preview, off on a message, and gone 3 s after it first showed', async () => {
    const h = await live();
    const typing = () => h.actor.getSnapshot().matches({ live: { typing: 'shown' } });
    h.socketEvent({ type: 'typing', conversationSid: 'CH1', role: 'agent', preview: 'Hel' });
    expect(typing()).toBe(true);
    h.socketEvent({ type: 'message', conversationSid: 'CH1', message: message('m2') });
    expect(typing()).toBe(false);
    // The message that ends the typing line is shown too (both regions take the event).
    expect(context(h).messages.map((m) => m.sid)).toEqual(['m1', 'm2']);
    h.socketEvent({ type: 'typing', conversationSid: 'CH1', role: 'agent', preview: 'Hel' });
    await vi.advanceTimersByTimeAsync(2 * CHAT_TYPING_PREVIEW_INTERVAL_MS);
    h.socketEvent({ type: 'typing', conversationSid: 'CH1', role: 'agent', preview: 'Hello' });
    await vi.advanceTimersByTimeAsync(CHAT_TYPING_PREVIEW_INTERVAL_MS);
    expect(typing()).toBe(false);
    h.socketEvent({ type: 'typing', conversationSid: 'CH1', role: 'agent', preview: 'Hel' });
    h.socketEvent({ type: 'typing', conversationSid: 'CH1', role: 'agent', preview: '  ' });
    expect(typing()).toBe(false);
    h.socketEvent({ type: 'typing', conversationSid: 'CH1', role: 'agent', preview: 'Bye' });
    h.socketEvent({ type: 'resync', conversationSid: 'CH1' });
    h.socketEvent({ type: 'ended', conversationSid: 'CH1' });
    expect(phaseOf(h)).toBe('ended');
  });

  it('connection lost and back: the flag follows the socket and clears when the chat leaves live', async () => {
    const h = await live();
    h.sockets[0]!.emit({ type: 'SOCKET.LOST', lost: true });
    expect(context(h).socketLost).toBe(true);
    h.sockets[0]!.emit({ type: 'SOCKET.LOST', lost: false });
    expect(context(h).socketLost).toBe(false);
    h.sockets[0]!.emit({ type: 'SOCKET.LOST', lost: true });
    h.actor.send({ type: 'END' });
    await settle();
    expect(context(h).socketLost).toBe(false);
  });
});

describe('live: sending and ending', () => {
  it('a sent message is shown and the typing preview cleared', async () => {
    const h = await live();
    h.actor.send({ type: 'SEND', text: 'Hi', files: [] });
    expect(h.actor.getSnapshot().hasTag('sending')).toBe(true);
    await settle();
    expect(context(h)).toMatchObject({ lastSendOk: true, alert: null });
    expect(context(h).messages.map((m) => m.sid)).toEqual(['m1', 'sent']);
    expect(h.sockets[0]!.typing).toEqual(['']);
  });

  it.each([
    [500, CHAT_ALERTS.sendFailed],
    [400, CHAT_ALERTS.sendFailed],
  ])('a send that fails with %i: "%s", the chat goes on', async (status, alert) => {
    const h = await live((x) => x.api.sendMessage.mockRejectedValueOnce(new HttpError(status)));
    h.actor.send({ type: 'SEND', text: 'Hi', files: [] });
    await settle();
    expect(phaseOf(h)).toBe('live');
    expect(context(h)).toMatchObject({ lastSendOk: false, alert });
  });

  it('the agent-side end: the end panel; a failed end call still ends it, with the general alert', async () => {
    const ok = await live();
    ok.actor.send({ type: 'END' });
    await settle();
    expect(ok.api.endConversation).toHaveBeenCalledWith({ token: 'token-1', conversationSid: 'CH1' });
    expect(context(ok)).toMatchObject({ ended: { live: true, tokenExpired: false }, alert: null });
    const failed = await live((x) => x.api.endConversation.mockRejectedValueOnce(new HttpError(500)));
    failed.actor.send({ type: 'END' });
    await settle();
    expect(context(failed)).toMatchObject({ ended: { live: true }, alert: CHAT_ALERTS.generic });
  });

  it('the survey: opened through its actor; a failure shows the general alert', async () => {
    const h = await live((x) => x.api.survey.mockRejectedValueOnce(new Error('missing contact id')));
    h.socketEvent({ type: 'ended', conversationSid: 'CH1' });
    h.actor.send({ type: 'SURVEY' });
    await settle();
    expect(h.api.survey).toHaveBeenCalledWith({ session: LIVE_SESSION });
    expect(context(h).alert).toEqual(CHAT_ALERTS.generic);
    h.actor.send({ type: 'SURVEY' });
    await settle();
    expect(context(h).alert).toBeNull();
  });

  it('Start new chat: everything forgotten, the mode chosen again', async () => {
    const h = await live();
    h.socketEvent({ type: 'ended', conversationSid: 'CH1' });
    h.actor.send({ type: 'NEW_CHAT' });
    await settle();
    expect(phaseOf(h)).toBe('prechat');
    expect(context(h)).toMatchObject({ session: null, messages: [], ended: null, ratedCount: -1 });
    expect(h.stored.at(-1)).toBeNull();
  });
});

describe('live: token renewal and expiry (spec 2 §9: live tokens last 6 hours)', () => {
  it('renews ten minutes before the end: stored, and the socket reconnects with the new token', async () => {
    const h = await live();
    await vi.advanceTimersByTimeAsync(5 * HOUR + 49 * MINUTE);
    expect(h.api.refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(h.api.refreshToken).toHaveBeenCalledWith({ token: 'token-1' });
    expect(h.stored.at(-1)).toMatchObject({ token: 'token-2', conversationSid: 'CH1' });
    expect(h.sockets.map((s) => [s.token, s.closed])).toEqual([
      ['token-1', true],
      ['token-2', false],
    ]);
    // The next renewal is scheduled from the new expiration.
    await vi.advanceTimersByTimeAsync(5 * HOUR + 50 * MINUTE);
    expect(h.api.refreshToken).toHaveBeenCalledTimes(2);
  });

  it('a renewal with the same token string keeps the socket', async () => {
    const h = await live((x) =>
      x.api.refreshToken.mockResolvedValue({ token: 'token-1', expiration: NOW + 12 * HOUR }),
    );
    await vi.advanceTimersByTimeAsync(5 * HOUR + 50 * MINUTE);
    expect(h.api.refreshToken).toHaveBeenCalledTimes(1);
    expect(h.sockets).toHaveLength(1);
  });

  it('a scheduled renewal that fails ends the chat: transcript kept, session not cleared, no survey', async () => {
    const h = await live((x) => x.api.refreshToken.mockRejectedValueOnce(new HttpError(401)));
    await vi.advanceTimersByTimeAsync(5 * HOUR + 50 * MINUTE);
    expect(phaseOf(h)).toBe('ended');
    expect(context(h)).toMatchObject({
      ended: { live: true, tokenExpired: true },
      alert: CHAT_ALERTS.invalidToken,
      messages: [message('m1')],
      session: LIVE_SESSION,
    });
    expect(h.stored).toEqual([]);
    expect(h.sockets[0]!.closed).toBe(true);
  });

  it.each<{
    name: string;
    setUp: (h: Harness) => void;
    phase: TChatPhase;
    ok: boolean;
    alert: (typeof CHAT_ALERTS)[keyof typeof CHAT_ALERTS] | null;
    ended?: { live: boolean; tokenExpired: boolean };
  }>([
    {
      name: 'refused, renewed, repeated: sent with the new token',
      setUp: (h) => h.api.sendMessage.mockRejectedValueOnce(new HttpError(401)),
      phase: 'live',
      ok: true,
      alert: null,
    },
    {
      name: 'refused and the renewal fails: the chat ends with "Token state is invalid."',
      setUp: (h) => {
        h.api.sendMessage.mockRejectedValueOnce(new HttpError(401));
        h.api.refreshToken.mockRejectedValueOnce(new HttpError(401));
      },
      phase: 'ended',
      ok: false,
      alert: CHAT_ALERTS.invalidToken,
      ended: { live: true, tokenExpired: true },
    },
    {
      name: 'refused again after the renewal: the token alert, the chat goes on',
      setUp: (h) => h.api.sendMessage.mockRejectedValue(new HttpError(401)),
      phase: 'live',
      ok: false,
      alert: CHAT_ALERTS.invalidToken,
    },
  ])('a message whose token is $name', async ({ setUp, phase, ok, alert, ended }) => {
    const h = await live(setUp);
    h.actor.send({ type: 'SEND', text: 'Hello again', files: [] });
    await settle();
    expect(phaseOf(h)).toBe(phase);
    expect(context(h).lastSendOk).toBe(ok);
    expect(context(h).alert).toEqual(alert);
    expect(context(h).messages[0]).toEqual(message('m1'));
    if (ended) expect(context(h).ended).toEqual(ended);
    if (ok) expect(h.api.sendMessage).toHaveBeenLastCalledWith(expect.objectContaining({ token: 'token-2' }));
  });

  it('ending with a refused token that cannot be renewed: ended as expired, no general alert', async () => {
    const h = await live((x) => {
      x.api.endConversation.mockRejectedValueOnce(new HttpError(401));
      x.api.refreshToken.mockRejectedValueOnce(new HttpError(401));
    });
    h.actor.send({ type: 'END' });
    await settle();
    expect(context(h)).toMatchObject({ ended: { tokenExpired: true }, alert: CHAT_ALERTS.invalidToken });
  });

  it('a resync with a refused token renews it, reads again and reconnects the socket', async () => {
    const h = await live((x) =>
      x.api.loadConversation
        .mockResolvedValueOnce(conversation('ACTIVE'))
        .mockRejectedValueOnce(new HttpError(401))
        .mockResolvedValueOnce(conversation('ACTIVE', [message('m1'), message('m3')])),
    );
    h.socketEvent({ type: 'resync', conversationSid: 'CH1' });
    await settle();
    expect(context(h).messages.map((m) => m.sid)).toEqual(['m1', 'm3']);
    expect(h.sockets.map((s) => s.token)).toEqual(['token-1', 'token-2']);
  });
});

describe('bot', () => {
  it('a question: the answer shown, the session stored with its new expiration', async () => {
    const h = await open(null, { openNow: false });
    h.actor.send({ type: 'SEND', text: 'What fees?', files: [] });
    await settle();
    expect(context(h).botLines.map((l) => l.questionStr)).toEqual(['What fees?']);
    expect(h.stored.at(-1)).toMatchObject({
      conversationId: BOT_SESSION.conversationId,
      expiration: NOW + 20 * MINUTE,
    });
    expect(context(h).lastSendOk).toBe(true);
  });

  it.each([
    [true, true, true],
    // The page's hours flag is a minute old: the server's answer (agents available) wins.
    [false, true, true],
    [true, false, false],
    [false, false, false],
  ])('page open now %s, server offers an agent %s: the button %s', async (openNow, serverOffers, offered) => {
    const h = await open(BOT_SESSION, {
      openNow,
      setUp: (x) =>
        x.api.askBot.mockResolvedValueOnce({
          conversationId: BOT_SESSION.conversationId!,
          item: botLine(2),
          offerLiveAgent: serverOffers,
          expiration: NOW + 20 * MINUTE,
        }),
    });
    h.actor.send({ type: 'SEND', text: 'A plumber?', files: [] });
    await settle();
    expect(context(h).offerLiveAgent).toBe(offered);
    h.actor.send({ type: 'LIVE_AGENT' });
    expect(phaseOf(h)).toBe('prechat');
    expect(context(h)).toMatchObject({ session: null, botLines: [], offerLiveAgent: false });
  });

  it.each([
    [409, 'ended', null],
    [500, 'bot', CHAT_ALERTS.sendFailed],
  ] as const)('a question answered %i: %s', async (status, phase, alert) => {
    const h = await open(BOT_SESSION, {
      setUp: (x) => x.api.askBot.mockRejectedValueOnce(new HttpError(status)),
    });
    h.actor.send({ type: 'SEND', text: 'Still there?', files: [] });
    await settle();
    expect(phaseOf(h)).toBe(phase);
    expect(context(h).alert).toEqual(alert);
    expect(context(h).lastSendOk).toBe(false);
  });

  it('the session ends at its expiration (the end panel replaces the composer)', async () => {
    const h = await open(BOT_SESSION);
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(phaseOf(h)).toBe('bot');
    await vi.advanceTimersByTimeAsync(1);
    expect(context(h).ended).toEqual({ live: false, tokenExpired: false });
  });

  it('Bad Response: sent for the last answer, then disabled until a new one; a failure alerts', async () => {
    const h = await open(BOT_SESSION);
    h.actor.send({ type: 'FEEDBACK.OPEN' });
    h.actor.send({ type: 'FEEDBACK.SUBMIT', feedback: { reason: 'Other', additionalInformation: 'fees' } });
    expect(h.actor.getSnapshot().hasTag('rating')).toBe(true);
    await settle();
    expect(h.api.sendFeedback).toHaveBeenCalledWith(
      expect.objectContaining({
        questionId: botLine(1).questionId,
        feedbackMessage: 'Other: fees',
        rating: 0,
      }),
    );
    expect(context(h)).toMatchObject({ ratedCount: 1, feedbackOpen: false });
    h.api.sendFeedback.mockRejectedValueOnce(new HttpError(500));
    h.actor.send({ type: 'FEEDBACK.OPEN' });
    h.actor.send({ type: 'FEEDBACK.SUBMIT', feedback: { reason: 'Other', additionalInformation: 'x' } });
    await settle();
    expect(context(h)).toMatchObject({ ratedCount: 1, feedbackOpen: false, alert: CHAT_ALERTS.generic });
  });

  it('End chat: the end panel without a survey', async () => {
    const h = await open(BOT_SESSION);
    h.actor.send({ type: 'END' });
    expect(context(h).ended).toEqual({ live: false, tokenExpired: false });
  });

  it('End chat, then a reload: still ended with its transcript (the server still has the session)', async () => {
    const first = await open(BOT_SESSION);
    first.actor.send({ type: 'END' });
    const stored = first.stored.at(-1)!;
    expect(stored).toMatchObject({ conversationId: BOT_SESSION.conversationId, expiration: NOW });
    // The server's history is not expired (default answer): the stored end decides.
    const reloaded = await open(stored);
    expect(phaseOf(reloaded)).toBe('ended');
    expect(context(reloaded).botLines).toEqual([botLine(1)]);
  });
});
