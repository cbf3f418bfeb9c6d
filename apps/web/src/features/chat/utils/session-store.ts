/** The chat session in local storage (spec 2 §3 "Chat session (stored locally)"). */
import { CHAT_SESSION_STORAGE_KEY, ZChatSession, type TChatSession } from '@heloc/domain';

export function loadSession(): TChatSession | null {
  try {
    const raw = localStorage.getItem(CHAT_SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = ZChatSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSession(session: TChatSession): void {
  try {
    localStorage.setItem(CHAT_SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // storage full or blocked: the chat works for this page only
  }
}

export function clearSession(): void {
  try {
    localStorage.removeItem(CHAT_SESSION_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
