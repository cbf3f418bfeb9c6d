/**
 * The processing modal (spec 1 §2, §9; the modal itself: ./processing-modal-view) as the screens use
 * it. Its code and Mantine's modal stack load apart from the screen: when the browser is idle after the
 * screen has rendered, or at the first opening if that comes sooner (issue 17: the profile step's first
 * screen). From then on it is rendered (closed) as before, so it opens, closes and gives the focus back
 * as it did.
 */
import { Suspense, useState } from 'react';
import { lazyView, useIdlePreload } from '@/lib/lazy-view';
import type { ProcessingModalProps } from './processing-modal-view';

export {
  DEFAULT_PROCESSING_MESSAGES,
  PROCESSING_MESSAGE_INTERVAL_MS,
  PROCESSING_TIMEOUT_MESSAGE,
} from './processing-messages';

const view = lazyView(() => import('./processing-modal-view').then((module) => module.ProcessingModalView));

export function ProcessingModal(props: ProcessingModalProps) {
  const [shown, setShown] = useState(props.opened);
  // Adjusting state while rendering (React's pattern for state derived from a prop change).
  if (props.opened && !shown) setShown(true);
  const ready = useIdlePreload(view);
  if (!shown && !ready) return null;
  return (
    <Suspense fallback={null}>
      <view.Component {...props} />
    </Suspense>
  );
}
