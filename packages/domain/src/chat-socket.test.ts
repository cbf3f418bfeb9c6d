import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatSocketBackoffMs, connectChatSocket, type TChatSocketLike } from './chat-socket';

class FakeSocket implements TChatSocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: TChatSocketLike['onopen'] = null;
  onmessage: TChatSocketLike['onmessage'] = null;
  onclose: TChatSocketLike['onclose'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({});
  }
  opened() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}

let sockets: FakeSocket[];
const open = (url: string) => {
  const socket = new FakeSocket(url);
  sockets.push(socket);
  return socket;
};

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});
afterEach(() => vi.useRealTimers());

describe('connectChatSocket', () => {
  it('passes valid events on, drops invalid ones, and reports lost until the next ready', () => {
    const events: unknown[] = [];
    const lost: boolean[] = [];
    connectChatSocket({
      url: 'ws://x/ws?token=t',
      open,
      onEvent: (event) => events.push(event.type),
      onLost: (value) => lost.push(value),
      retryDelayMs: chatSocketBackoffMs,
    });
    sockets[0]!.opened();
    sockets[0]!.receive({ type: 'ready', role: 'customer' });
    sockets[0]!.receive({ type: 'nonsense' });
    sockets[0]!.receive({ type: 'ended', conversationSid: 'CH1' });
    expect(events).toEqual(['ready', 'ended']);
    sockets[0]!.close();
    expect(lost).toEqual([false, true]);
  });

  it('reconnects by the policy: 1 s, 2 s, 4 s … at most 10 s, back to 1 s after a ready', () => {
    connectChatSocket({
      url: 'u',
      open,
      onEvent: () => {},
      onLost: () => {},
      retryDelayMs: chatSocketBackoffMs,
    });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      sockets.at(-1)!.close();
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    sockets.at(-1)!.receive({ type: 'ready', role: 'customer' });
    sockets.at(-1)!.close();
    vi.advanceTimersByTime(999);
    const count = sockets.length;
    vi.advanceTimersByTime(1);
    expect(sockets.length).toBe(count + 1);
  });

  it('closes (and so reconnects) a socket silent past the limit; a ping keeps it', () => {
    connectChatSocket({
      url: 'u',
      open,
      onEvent: () => {},
      onLost: () => {},
      retryDelayMs: () => 2000,
      silenceLimitMs: 1000,
    });
    sockets[0]!.opened();
    vi.advanceTimersByTime(900);
    sockets[0]!.receive({ type: 'ping', at: 1 });
    vi.advanceTimersByTime(900);
    expect(sockets[0]!.closed).toBe(false);
    vi.advanceTimersByTime(100);
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
  });

  it('sends typing previews only while open; close() stops for good', () => {
    const connection = connectChatSocket({
      url: 'u',
      open,
      onEvent: () => {},
      onLost: () => {},
      retryDelayMs: () => 2000,
    });
    connection.sendTyping('dropped');
    sockets[0]!.opened();
    connection.sendTyping('Hel', 'CH1');
    connection.sendTyping('');
    expect(sockets[0]!.sent.map((s) => JSON.parse(s))).toEqual([
      { type: 'typing', preview: 'Hel', conversationSid: 'CH1' },
      { type: 'typing', preview: '' },
    ]);
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
