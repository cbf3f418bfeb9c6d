/** The toast container, in its own chunk: loaded with the first toast (see toast.tsx). */
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { MAX_VISIBLE_TOASTS } from '@heloc/domain';

export default function Toaster() {
  // Spec 1 §9: at most 5 toasts visible; the rest wait their turn.
  return <Notifications limit={MAX_VISIBLE_TOASTS} />;
}
