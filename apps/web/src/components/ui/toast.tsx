/**
 * Toasts through @mantine/notifications (spec 1 §9 "maximum visible toasts 5", enforced by the
 * container's limit). The package (with its transition and scroll-lock libraries) is a lazy chunk that
 * loads with the first toast, so pages that never show one do not pay for it: <ToastHost> mounts the
 * container once a toast has been asked for, and the toast waits in the package's store until then.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

const TONE_COLOR: Record<ToastTone, string> = { success: 'green', error: 'red', info: 'brand' };

const Toaster = lazy(() => import('./toaster'));

let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders the toast container once the first toast has been asked for. */
export function ToastHost() {
  const show = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function showToast({
  message,
  title,
  tone = 'info',
}: {
  message: string;
  title?: string;
  tone?: ToastTone;
}): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return import('@mantine/notifications').then(({ notifications }) => {
    notifications.show({
      message,
      title,
      color: TONE_COLOR[tone],
      autoClose: tone === 'error' ? 8000 : 4000,
    });
  });
}
