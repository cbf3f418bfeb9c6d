import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { Suspense, useRef, useState } from 'react';
import { loanOriginatorHeading } from '@heloc/domain';
import { PersonCardIcon } from '@/components/ui/icons';
import { lazyView, useIdlePreload } from '@/lib/lazy-view';
import { useLoanOriginator } from '../../api/get-loan-originator';
import { LoanOfficerCardView } from './loan-officer-card';
import classes from './loan-officer.module.css';

interface LoanOfficerProps {
  /** The application's referrer.referrerUuid; nothing is shown without one. */
  loanOriginatorUuid: string | null | undefined;
}

/**
 * The card beside the page on wide screens (from 1200px). A failed lookup shows nothing: the card is
 * a courtesy, never a reason to fail the page.
 */
export function LoanOfficerCard({ loanOriginatorUuid }: LoanOfficerProps) {
  const { data } = useLoanOriginator(loanOriginatorUuid);
  if (!data) return null;
  return (
    <div className={classes.wideOnly}>
      <LoanOfficerCardView info={data.originatorDisplayInfo} />
    </div>
  );
}

// Mantine's drawer stack loads apart from the application frame (issue 17): when the browser is idle
// after the page has rendered, or at the first opening.
const drawer = lazyView(() => import('./loan-officer-drawer').then((module) => module.LoanOfficerDrawer));

/** Below 1200px: a top-bar button that opens the same card as a panel (spec 1 §2). */
export function LoanOfficerPanelButton({ loanOriginatorUuid }: LoanOfficerProps) {
  const [opened, setOpened] = useState(false);
  // Rendered once loaded (idle) or asked for; then it stays, so its closing transition plays.
  const [shown, setShown] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data } = useLoanOriginator(loanOriginatorUuid);
  const heading = data ? loanOriginatorHeading(data.originatorDisplayInfo) : null;
  const ready = useIdlePreload(drawer, Boolean(data && heading));
  if (!data || !heading) return null;
  return (
    <>
      {/* A wrapper carries the breakpoint, so Mantine's own display rule on the button cannot win. */}
      <span className={classes.narrowOnly}>
        <Button
          ref={buttonRef}
          variant="light"
          size="compact-md"
          leftSection={<PersonCardIcon size={18} />}
          aria-expanded={opened}
          onClick={() => {
            setShown(true);
            setOpened(true);
          }}
        >
          {heading}
        </Button>
      </span>
      {shown || ready ? (
        <Suspense fallback={null}>
          <drawer.Component
            opened={opened}
            onClose={() => {
              setOpened(false);
              // Back to the button that opened it: the drawer, loaded at its first opening, may not
              // have seen the focus before it opened.
              buttonRef.current?.focus();
            }}
            heading={heading}
            info={data.originatorDisplayInfo}
          />
        </Suspense>
      ) : null}
    </>
  );
}
