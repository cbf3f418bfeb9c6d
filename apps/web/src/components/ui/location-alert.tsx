import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LOCATION_ALERT_TITLE } from '@heloc/domain';

interface LocationAlertProps {
  opened: boolean;
  /** The borrower agreed: the caller asks the browser for the position next. */
  onAllow: () => void;
  /** Dismissed ("Not now", Escape or the close button); signing waits until location is shared. */
  onNotNow: () => void;
}

/**
 * Geolocation alert "Why We Need Your Location" (spec 1 §2), shown before the browser's own permission
 * prompt when e-signing needs the signer's location. Explaining first matters: a browser prompt denied
 * without context is hard to undo, and signing cannot go on without the location.
 */
export function LocationAlert({ opened, onAllow, onNotNow }: LocationAlertProps) {
  return (
    <Modal
      opened={opened}
      onClose={onNotNow}
      title={LOCATION_ALERT_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>
          To sign your documents electronically, we need to confirm where you are when you sign. The rules for
          electronic signatures and notarization depend on the state you sign in, and your signing location is
          recorded with your documents.
        </Text>
        <Text>
          When you select Allow, your browser will ask to share your location. We use it only to record where
          you signed, and only while you sign.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onNotNow}>
            Not now
          </Button>
          <Button onClick={onAllow}>Allow</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
