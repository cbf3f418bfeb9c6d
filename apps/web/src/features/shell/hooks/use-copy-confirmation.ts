import { useClipboard } from '@mantine/hooks';
import { COPY_CONFIRMATION_MS } from '@heloc/domain';

/** Copies text to the clipboard; `copied` is true for 1 s afterwards (spec 1 §9 "Copy confirmation 1 s"). */
export function useCopyConfirmation() {
  const clipboard = useClipboard({ timeout: COPY_CONFIRMATION_MS });
  return {
    copied: clipboard.copied,
    failed: clipboard.error !== null,
    copy: (text: string) => clipboard.copy(text),
  };
}
