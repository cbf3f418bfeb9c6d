/**
 * Web chat rules shared by the widget, the agent desk and the server (spec 2 §2, §4, §5): the mode
 * choice, the routing skill, which attachments a message may carry, and which links are clickable.
 */
import { CHAT_ATTACHMENT_EXTENSIONS, CHAT_SKILLS } from './constants';
import { LIVE_AGENT_CHAT_MODES, type TChatMode } from './enums';
import type { TChatSession } from './schemas/chat';

/** The live-agent mode our conversation service implements (twilio's call paths). */
export const DEFAULT_LIVE_CHAT_MODE: TChatMode = 'twilio';

/** A stored session is a live-agent one when it carries a live token and conversation. */
export function isLiveSession(session: TChatSession | null | undefined): boolean {
  return Boolean(session?.token && session.conversationSid);
}

export function isChatbotSession(session: TChatSession | null | undefined): boolean {
  return Boolean(session?.conversationId) && !isLiveSession(session);
}

/**
 * Spec 2 §4 "Automatic mode choice": an existing live session → live agent; else an existing chatbot
 * session → chatbot; else live agent during operating hours, otherwise chatbot. A dev-only `mode`
 * query overrides all of it (the caller passes it only outside production).
 */
export function chooseChatMode(input: {
  session: TChatSession | null | undefined;
  openNow: boolean;
  devMode?: TChatMode | null;
}): TChatMode {
  if (input.devMode) return input.devMode;
  if (isLiveSession(input.session)) return DEFAULT_LIVE_CHAT_MODE;
  if (isChatbotSession(input.session)) return 'chatbot';
  return input.openNow ? DEFAULT_LIVE_CHAT_MODE : 'chatbot';
}

export function isLiveAgentMode(mode: TChatMode): boolean {
  return LIVE_AGENT_CHAT_MODES.includes(mode) || mode === 'stream' || mode === 'talkjs';
}

/** Spec 2 §7: CLOC_HELOC for crypto, FHEL for the main organisation, White Label otherwise. */
export function chatSkill(input: { isCrypto: boolean; isMainOrganisation: boolean }): string {
  if (input.isCrypto) return CHAT_SKILLS.crypto;
  return input.isMainOrganisation ? CHAT_SKILLS.main : CHAT_SKILLS.whiteLabel;
}

/** The extension of a file name, lower-case, `jpeg` read as `jpg`; '' when it has none. */
export function fileExtension(filename: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename.trim());
  const ext = match?.[1]?.toLowerCase() ?? '';
  return ext === 'jpeg' ? 'jpg' : ext;
}

export function isAcceptedChatAttachment(filename: string): boolean {
  return (CHAT_ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(filename));
}

/** Spec 2 §5: no attachments for chatbot chats or for the first live-chat message. */
export function attachmentsAllowed(input: { mode: TChatMode; isFirstMessage: boolean }): boolean {
  return input.mode !== 'chatbot' && !input.isFirstMessage;
}

/** The `accept` attribute of the file input. */
export const CHAT_ATTACHMENT_ACCEPT = CHAT_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`)
  .concat('.jpeg')
  .join(',');

/**
 * Whether a link's host is allow-listed: the host itself or a sub-domain of a listed domain
 * (`www.example.com` under `example.com`), over http(s) only.
 */
export function isAllowedLink(href: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((allowed) => {
    const domain = allowed.trim().toLowerCase();
    return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
  });
}

export type TChatTextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi;

/**
 * Splits a message into text and links; only allow-listed links become links (spec 2 §5), any
 * other URL stays plain text. Trailing punctuation is not part of a link.
 */
export function linkifyChatText(text: string, allowedHosts: readonly string[]): TChatTextSegment[] {
  const segments: TChatTextSegment[] = [];
  let last = 0;
  const push = (segment: string) => {
    if (!segment) return;
    const previous = segments[segments.length - 1];
    if (previous?.kind === 'text') previous.text += segment;
    else segments.push({ kind: 'text', text: segment });
  };
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index ?? 0;
    const href = match[0].replace(/[.,;:!?)\]]+$/, '');
    push(text.slice(last, start));
    if (isAllowedLink(href, allowedHosts)) segments.push({ kind: 'link', text: href, href });
    else push(href);
    last = start + href.length;
  }
  push(text.slice(last));
  return segments;
}
