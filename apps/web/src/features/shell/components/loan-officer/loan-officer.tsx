import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Drawer } from '@mantine/core';
import { useState } from 'react';
import { loanOriginatorHeading } from '@heloc/domain';
import { PersonCardIcon } from '@/components/ui/icons';
import { useLoanOriginator } from '../../api/get-loan-originator';
import { LoanOfficerCardView, LoanOfficerDetails } from './loan-officer-card';
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

/** Below 1200px: a top-bar button that opens the same card as a panel (spec 1 §2). */
export function LoanOfficerPanelButton({ loanOriginatorUuid }: LoanOfficerProps) {
  const [opened, setOpened] = useState(false);
  const { data } = useLoanOriginator(loanOriginatorUuid);
  const heading = data ? loanOriginatorHeading(data.originatorDisplayInfo) : null;
  if (!data || !heading) return null;
  return (
    <>
      {/* A wrapper carries the breakpoint, so Mantine's own display rule on the button cannot win. */}
      <span className={classes.narrowOnly}>
        <Button
          variant="light"
          size="compact-md"
          leftSection={<PersonCardIcon size={18} />}
          aria-expanded={opened}
          onClick={() => setOpened(true)}
        >
          {heading}
        </Button>
      </span>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        title={heading}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <LoanOfficerDetails info={data.originatorDisplayInfo} />
      </Drawer>
    </>
  );
}
