import { useEffect, useState } from 'react';

/**
 * Shift+Alt+X toggles the debug view (spec 1 §2). The physical key is read (`code`), because with Alt
 * held macOS reports another character as `key`.
 */
export function isDebugShortcut(
  event: Pick<KeyboardEvent, 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey' | 'code'>,
) {
  return event.shiftKey && event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyX';
}

export function useDebugToggle(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isDebugShortcut(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return [open, setOpen];
}
