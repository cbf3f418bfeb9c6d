/**
 * Borrower authentication of the chat (flag fe-webchat-borrower-auth, spec 2 §7): a nonce for a
 * signed-in borrower, refreshed every 60 s while the window exists; the machine puts it in the calls.
 */
import { useEffect } from 'react';
import { CHAT_AUTH_REFRESH_INTERVAL_MS } from '@heloc/domain';
import { chatApi } from '../api/chat-api';
import type { ChatActor } from './use-chat-machine';

export function useChatNonce(actor: ChatActor, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let current: string | null = null;
    let cancelled = false;
    chatApi
      .authenticate()
      .then((answer) => {
        if (cancelled) return;
        current = answer.nonce;
        actor.send({ type: 'NONCE', nonce: answer.nonce });
      })
      .catch(() => undefined);
    const timer = setInterval(() => {
      if (current) chatApi.refreshNonce(current).catch(() => actor.send({ type: 'NONCE', nonce: null }));
    }, CHAT_AUTH_REFRESH_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [actor, enabled]);
}
