import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Drawer } from '@mantine/core';
import type { TOriginatorDisplayInfo } from '@heloc/domain';
import { LoanOfficerDetails } from './loan-officer-card';

export interface LoanOfficerDrawerProps {
  opened: boolean;
  onClose: () => void;
  heading: string;
  info: TOriginatorDisplayInfo;
}

/**
 * The loan officer panel below 1200px (spec 1 §2). Loaded on demand by LoanOfficerPanelButton, so the
 * application frame does not carry Mantine's drawer stack (issue 17).
 */
export function LoanOfficerDrawer({ opened, onClose, heading, info }: LoanOfficerDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={heading}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <LoanOfficerDetails info={info} />
    </Drawer>
  );
}
