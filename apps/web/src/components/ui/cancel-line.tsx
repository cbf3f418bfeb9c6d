/**
 * "Cancel my line" (Regulation Z §1026.15): the right to cancel, asked once more in a dialog before
 * the server cancels the application. One dialog for every owner who may cancel — the borrower on
 * the complete screen and a co-owner who signed on their documents page.
 */
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAction } from '@/lib/forms';

export const CANCEL_LINE_LABEL = 'Cancel my line';

export function CancelLineAction({
  rescind,
  onRescinded,
}: {
  /** The server call that cancels the line (it answers 409 once the period is over). */
  rescind: () => Promise<unknown>;
  onRescinded: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const rescinding = useAction();
  const confirm = () =>
    rescinding.run(async () => {
      await rescind();
      setConfirming(false);
      onRescinded();
    });
  return (
    <>
      <Button color="red.9" variant="outline" w="fit-content" onClick={() => setConfirming(true)}>
        {CANCEL_LINE_LABEL}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your line of credit?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            If you cancel, your line of credit is not opened: the deed is not recorded and no money is sent.
            Any fees you paid are returned within 20 days. You cannot undo this; you would need to apply
            again.
          </Text>
          {rescinding.error ? (
            <Alert color="red" variant="light" role="alert">
              {rescinding.error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep my line
            </Button>
            <Button color="red.9" loading={rescinding.pending} onClick={() => void confirm()}>
              Yes, cancel my line
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
