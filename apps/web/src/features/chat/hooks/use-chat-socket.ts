/**
 * The chat websocket with reconnection: events go to `onEvent`; `lost` is true while the socket is
 * down or silent (no ping or event for 2.5 ping intervals), which shows "Connection lost. Attempting
 * to reconnect." The server closes a socket after its 12-hour lifetime; we then reconnect.
 */
import { useEffect, useRef, useState } from 'react';
import { WEBSOCKET_PING_INTERVAL_MS, ZChatSocketEvent, type TChatSocketEvent } from '@heloc/domain';
import { chatSocketUrl } from '../api/chat-api';

const SILENCE_LIMIT_MS = WEBSOCKET_PING_INTERVAL_MS * 2.5;
const MAX_BACKOFF_MS = 10_000;

export interface ChatSocket {
  lost: boolean;
  /** Sends a typing preview (dropped while disconnected). */
  sendTyping: (preview: string, conversationSid?: string) => void;
}

export function useChatSocket(token: string | null, onEvent: (event: TChatSocketEvent) => void): ChatSocket {
  const [lost, setLost] = useState(false);
  const socketRef = useRef<WebSocket | null>(null);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  useEffect(() => {
    if (!token) return undefined;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let silence: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const socket = new WebSocket(chatSocketUrl(token));
      socketRef.current = socket;
      const watch = () => {
        clearTimeout(silence);
        silence = setTimeout(() => socket.close(), SILENCE_LIMIT_MS);
      };
      socket.onopen = watch;
      socket.onmessage = (message) => {
        watch();
        const parsed = ZChatSocketEvent.safeParse(JSON.parse(String(message.data)));
        if (!parsed.success) return;
        if (parsed.data.type === 'ready') {
          attempt = 0;
          setLost(false);
        }
        onEventRef.current(parsed.data);
      };
      socket.onclose = () => {
        clearTimeout(silence);
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        setLost(true);
        const delay = Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS);
        attempt += 1;
        retry = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(silence);
      socketRef.current?.close();
      socketRef.current = null;
      setLost(false);
    };
  }, [token]);

  return {
    lost,
    sendTyping: (preview, conversationSid) => {
      const socket = socketRef.current;
      if (socket?.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: 'typing', preview, ...(conversationSid && { conversationSid }) }));
      }
    },
  };
}
