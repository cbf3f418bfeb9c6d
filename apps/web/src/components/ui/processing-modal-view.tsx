import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PROCESSING_MODAL_TIMEOUT_MS } from '@heloc/domain';
import {
  DEFAULT_PROCESSING_MESSAGES,
  PROCESSING_MESSAGE_INTERVAL_MS,
  PROCESSING_TIMEOUT_MESSAGE,
} from './processing-messages';

export interface ProcessingModalProps {
  opened: boolean;
  /** Shown in turn while the work runs. */
  messages?: readonly string[];
  title?: string;
  intervalMs?: number;
  timeoutMs?: number;
}

function ProcessingBody({
  messages,
  intervalMs,
  timeoutMs,
}: Required<Pick<ProcessingModalProps, 'messages' | 'intervalMs' | 'timeoutMs'>>) {
  const [index, setIndex] = useState(0);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (timedOut || messages.length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % messages.length), intervalMs);
    return () => clearInterval(timer);
  }, [messages.length, intervalMs, timedOut]);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);

  return (
    <Stack align="center" gap="md" py="md">
      <Loader aria-hidden="true" />
      {/* Polite live region: each new message is read out without interrupting. */}
      <Text ta="center" role="status" aria-live="polite">
        {timedOut ? PROCESSING_TIMEOUT_MESSAGE : messages[index % messages.length]}
      </Text>
    </Stack>
  );
}

/**
 * Processing modal (spec 1 §2, §9): rotating messages while a long call runs; after 30000 ms it says
 * the wait is longer than usual instead. It cannot be dismissed: the caller closes it when the work ends.
 * The body mounts afresh at each opening, so the rotation and the timeout restart. Loaded on demand
 * through ProcessingModal (./processing-modal), so the screens that may show it do not carry Mantine's
 * modal stack.
 */
export function ProcessingModalView({
  opened,
  messages = DEFAULT_PROCESSING_MESSAGES,
  title = 'Please wait',
  intervalMs = PROCESSING_MESSAGE_INTERVAL_MS,
  timeoutMs = PROCESSING_MODAL_TIMEOUT_MS,
}: ProcessingModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title={title}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <ProcessingBody messages={messages} intervalMs={intervalMs} timeoutMs={timeoutMs} />
    </Modal>
  );
}
