/**
 * The desk's chat websocket: the connection shared with the borrower's widget (@heloc/domain
 * connectChatSocket), with the desk's policy: a new attempt every 2 s, no silence watch. `lost` shows
 * "Connection lost. Attempting to reconnect." until the next ready.
 */
import { useEffect, useRef, useState } from 'react';
import { connectChatSocket, type TChatSocketConnection, type TChatSocketEvent } from '@heloc/domain';
import { desk } from '../api';

const DESK_RETRY_MS = 2000;

export function useDeskSocket(token: string, onEvent: (event: TChatSocketEvent) => void) {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const connection = useRef<TChatSocketConnection | null>(null);
  const [lost, setLost] = useState(false);
  useEffect(() => {
    const opened = connectChatSocket({
      url: desk.socketUrl(token),
      open: (url) => new WebSocket(url),
      onEvent: (event) => handler.current(event),
      onLost: setLost,
      retryDelayMs: () => DESK_RETRY_MS,
    });
    connection.current = opened;
    return () => {
      opened.close();
      connection.current = null;
    };
  }, [token]);
  return {
    lost,
    typing: (conversationSid: string, preview: string) =>
      connection.current?.sendTyping(preview, conversationSid),
  };
}
