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
import { useState, type ReactNode } from 'react';
import { LOCATION_ALERT_TITLE, type TSigningLocation } from '@heloc/domain';

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

function browserPosition(): Promise<TSigningLocation> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Your browser cannot share your location.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracyMeters: coords.accuracy }),
      () =>
        reject(
          new Error(
            'We need your location to sign. Allow location for this site in your browser and try again.',
          ),
        ),
      { timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  });
}

/**
 * The signing location for e-signing screens: `withLocation(sign)` runs `sign` with the signer's
 * position, first showing the alert (`alert`, to render) and asking the browser when there is none
 * yet. A refused or failed browser request ends in `error`; nothing is signed without a location.
 */
export function useSigningLocation() {
  const [location, setLocation] = useState<TSigningLocation | null>(null);
  const [pending, setPending] = useState<((location: TSigningLocation) => unknown) | null>(null);
  const [error, setError] = useState<string | null>(null);

  const withLocation = (sign: (location: TSigningLocation) => unknown) => {
    setError(null);
    if (location) void sign(location);
    // The updater form would call `sign`: store it behind a function instead.
    else setPending(() => sign);
  };

  const allow = async () => {
    const sign = pending;
    setPending(null);
    try {
      const found = await browserPosition();
      setLocation(found);
      if (sign) await sign(found);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const alert: ReactNode = (
    <LocationAlert opened={pending !== null} onAllow={() => void allow()} onNotNow={() => setPending(null)} />
  );
  return { location, error, withLocation, alert };
}
