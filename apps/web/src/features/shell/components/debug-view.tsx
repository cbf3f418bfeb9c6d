import { lazy, Suspense } from 'react';
import { useDebugToggle } from '../hooks/use-debug-toggle';
import type { DebugViewProps } from './debug-panel';

const DebugPanel = lazy(() => import('./debug-panel'));

/**
 * Debug view (spec 1 §2 "Shift+alt+X toggles a debug view"). Only the shortcut listener is on every
 * page; the panel loads the first time it is asked for.
 */
export function DebugView(props: DebugViewProps) {
  const [open, setOpen] = useDebugToggle();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanel {...props} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
