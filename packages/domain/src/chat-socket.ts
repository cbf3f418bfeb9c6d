/**
 * The chat websocket connection with reconnection, shared by the borrower's widget and the staff
 * desk (one piece of code for both; each passes its own retry policy). It knows nothing of React or
 * the browser: the caller hands it a way to open a socket (`open: (url) => new WebSocket(url)`), so
 * tests drive it with a fake.
 */
import { backoffDelayMs } from './backoff';
import { ZChatSocketEvent, type TChatSocketEvent } from './schemas/chat';

/**
 * A handler property a browser WebSocket can stand in for: method-style (bivariant) parameters, so a
 * WebSocket's `(event: MessageEvent) => …` handlers are assignable (the same trick React's types use).
 */
type Handler<T> = { bivarianceHack(event: T): void }['bivarianceHack'] | null;

/** The part of a WebSocket this connection uses. */
export interface TChatSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: Handler<unknown>;
  onmessage: Handler<{ data: unknown }>;
  onclose: Handler<unknown>;
}

/** WebSocket.OPEN (the constant itself is a browser global). */
const OPEN = 1;

export interface TChatSocketOptions {
  url: string;
  open: (url: string) => TChatSocketLike;
  onEvent: (event: TChatSocketEvent) => void;
  /** true while the socket is down or silent (after a close, until the next `ready`). */
  onLost: (lost: boolean) => void;
  /** Delay before reconnect attempt `attempt` (0-based; reset by every `ready`). */
  retryDelayMs: (attempt: number) => number;
  /** Close (and so reconnect) a socket that hears nothing, not even a ping, this long. */
  silenceLimitMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface TChatSocketConnection {
  /** A typing preview; dropped while disconnected. The desk names the conversation. */
  sendTyping(preview: string, conversationSid?: string): void;
  /** Stops for good (no reconnect). */
  close(): void;
}

/** The widget's policy: 1 s, 2 s, 4 s … at most 10 s between attempts. */
export const chatSocketBackoffMs = (attempt: number): number =>
  backoffDelayMs({ baseMs: 1000, maxMs: 10_000 }, attempt);

export function connectChatSocket(options: TChatSocketOptions): TChatSocketConnection {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let current: TChatSocketLike | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: unknown;
  let silence: unknown;

  const connect = () => {
    const socket = options.open(options.url);
    current = socket;
    const watch = () => {
      if (options.silenceLimitMs === undefined) return;
      clearTimer(silence);
      silence = setTimer(() => socket.close(), options.silenceLimitMs);
    };
    socket.onopen = watch;
    socket.onmessage = (message) => {
      watch();
      const parsed = ZChatSocketEvent.safeParse(JSON.parse(String(message.data)));
      if (!parsed.success) return;
      if (parsed.data.type === 'ready') {
        attempt = 0;
        options.onLost(false);
      }
      options.onEvent(parsed.data);
    };
    socket.onclose = () => {
      clearTimer(silence);
      if (current === socket) current = null;
      if (stopped) return;
      options.onLost(true);
      const delay = options.retryDelayMs(attempt);
      attempt += 1;
      retry = setTimer(connect, delay);
    };
  };
  connect();

  return {
    sendTyping(preview, conversationSid) {
      if (current?.readyState === OPEN) {
        current.send(
          JSON.stringify({ type: 'typing', preview, ...(conversationSid && { conversationSid }) }),
        );
      }
    },
    close() {
      stopped = true;
      clearTimer(retry);
      clearTimer(silence);
      current?.close();
      current = null;
    },
  };
}
