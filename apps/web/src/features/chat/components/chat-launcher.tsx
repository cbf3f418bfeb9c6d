/**
 * The floating "Chat with us" button (spec 2 §2), the only part of the chat in the first screen's
 * bundle: the window is a separate chunk loaded on first open. The chat opens at load when the URL
 * has `pop-webchat` (then removed from the URL) or the open flag was left set by an open window.
 *
 * Its style is an experiment (EXPERIMENTS.chatLauncher): the "prominent" variation shows a larger
 * button; the default (control, no decision yet, no experiment) the usual one. Same label either way.
 */
import { getDefaultZIndex } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { CHAT_OPEN_STORAGE_KEY, CHAT_TEXTS, QUERY_PARAMS } from '@heloc/domain';
import { EXPERIMENTS, useExperiment } from '@/lib/experiments';

const ChatWindow = lazy(() => import('./chat-window'));

export interface ChatLauncherProps {
  orgCode: string;
  signedIn: boolean;
  /** The borrower-authentication gate (fe-webchat-borrower-auth). */
  borrowerAuthEnabled: boolean;
}

function readOpenFlag(): boolean {
  try {
    return localStorage.getItem(CHAT_OPEN_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeOpenFlag(open: boolean): void {
  try {
    if (open) localStorage.setItem(CHAT_OPEN_STORAGE_KEY, 'true');
    else localStorage.removeItem(CHAT_OPEN_STORAGE_KEY);
  } catch {
    // storage unavailable: the window simply does not reopen by itself
  }
}

/** Reads and removes `pop-webchat` from the address bar (the rest of the URL stays). */
function takePopParameter(): boolean {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(QUERY_PARAMS.popWebchat)) return false;
  url.searchParams.delete(QUERY_PARAMS.popWebchat);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

/** Decided once per page load (the parameter is gone after the first read). */
let openAtLoad: boolean | null = null;
function shouldOpenAtLoad(): boolean {
  openAtLoad ??= takePopParameter() || readOpenFlag();
  // Opened by the parameter: a reload keeps it open, like a window opened by hand.
  if (openAtLoad) writeOpenFlag(true);
  return openAtLoad;
}

export function ChatLauncher(props: ChatLauncherProps) {
  const [open, setOpen] = useState(shouldOpenAtLoad);
  // Once loaded the window stays mounted while collapsed, so a live chat keeps its connection.
  const [loaded, setLoaded] = useState(open);
  const experiment = useExperiment(props.orgCode, EXPERIMENTS.chatLauncher);
  const prominent = experiment?.variables.launcherStyle === 'prominent';

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) setLoaded(true);
    writeOpenFlag(next);
  };

  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <ChatWindow {...props} open={open} onCollapse={() => toggle(false)} />
        </Suspense>
      )}
      {!open && (
        <button
          type="button"
          className="heloc-chat-launcher"
          onClick={() => toggle(true)}
          aria-haspopup="dialog"
          data-variation={experiment?.variationKey ?? 'default'}
          style={{
            position: 'fixed',
            right: 20,
            bottom: 20,
            // Above the page and its sticky header, under every dialog and drawer (and their overlays): an
            // open dialog's controls are never covered by it (issue 19's phone-width pass).
            zIndex: getDefaultZIndex('modal') - 1,
            padding: prominent ? '16px 28px' : '12px 20px',
            fontSize: prominent ? '1.125rem' : undefined,
            borderRadius: 24,
            border: 'none',
            cursor: 'pointer',
            font: 'inherit',
            fontWeight: 600,
            color: 'var(--mantine-primary-color-contrast, #fff)',
            background: 'var(--mantine-primary-color-filled)',
            boxShadow: '0 4px 12px rgba(0, 0, 0, 0.25)',
          }}
        >
          {CHAT_TEXTS.launcher}
        </button>
      )}
    </>
  );
}
