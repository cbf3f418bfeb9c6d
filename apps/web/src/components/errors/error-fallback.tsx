import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import {
  DEFAULT_SUPPORT_PHONE,
  ERROR_FALLBACK_EVENT,
  ERROR_FALLBACK_GO_TO_DASHBOARD,
  ERROR_FALLBACK_TITLE,
  ERROR_FALLBACK_TRY_AGAIN,
  phoneTelHref,
} from '@heloc/domain';
import { paths } from '@/config/paths';
import { track } from '@/lib/telemetry';

interface ErrorFallbackProps {
  /** Customer service phone as displayed, e.g. (888) 819-6388; 888-819-6388 when the organisation has none. */
  supportPhone?: string;
  supportEmail?: string;
  onRetry: () => void;
}

/**
 * Error fallback (spec 2 §2 "Sorry, looks like we have hit a snag!"): Try again, Go to dashboard and the
 * support contacts. Each time it shows it logs the event "HELOC: Error Fallback".
 */
export function ErrorFallback({
  supportPhone = DEFAULT_SUPPORT_PHONE,
  supportEmail,
  onRetry,
}: ErrorFallbackProps) {
  const telHref = phoneTelHref(supportPhone);
  useEffect(() => track(ERROR_FALLBACK_EVENT, { eventType: 'ERROR', dontDedupe: true }), []);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" role="alert">
        <Title order={1}>{ERROR_FALLBACK_TITLE}</Title>
        <Text>
          Please try again. If the problem continues, call us at{' '}
          {telHref ? <a href={telHref}>{supportPhone}</a> : supportPhone}
          {supportEmail ? (
            <>
              {' '}
              or e-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </>
          ) : null}
          .
        </Text>
        <Group gap="sm">
          <Button onClick={onRetry}>{ERROR_FALLBACK_TRY_AGAIN}</Button>
          <Button component="a" href={paths.host.dashboard.getHref()} variant="outline">
            {ERROR_FALLBACK_GO_TO_DASHBOARD}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
