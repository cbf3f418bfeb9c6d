import { Button } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { CEO_FEEDBACK_TITLE } from '@heloc/domain';

const loadModal = () => import('./ceo-feedback-modal');
const CeoFeedbackModal = lazy(() => loadModal().then((module) => ({ default: module.CeoFeedbackModal })));

/**
 * Opens "Share your thoughts with our CEO" (spec 2 §2). The modal, its form library and its styles are
 * a chunk of their own, fetched when the pointer or focus reaches the button, so pages do not carry them.
 */
export function CeoFeedbackButton() {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadModal().catch(() => undefined);
  return (
    <>
      <Button
        ref={button}
        variant="subtle"
        px={0}
        onClick={() => {
          setMounted(true);
          setOpened(true);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {CEO_FEEDBACK_TITLE}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <CeoFeedbackModal
            opened={opened}
            onClose={() => {
              setOpened(false);
              // The modal mounts already open (lazy chunk), so it has no earlier focus to return to.
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
