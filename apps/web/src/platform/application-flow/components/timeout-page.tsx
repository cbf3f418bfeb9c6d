/**
 * The timeout page (spec 1 §2, §4: error/timeout, and review-app/datatree and review-app/signdocs
 * "show the timeout page"): the wait was longer than the status polling allows. Nothing is lost; the
 * borrower can check again (the frame's index routes by the status anew) or come back later.
 */
import '@/components/ui/form-styles';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { StepPage } from './step-page';

export const TIMEOUT_TITLE = 'This is taking longer than expected';

export function TimeoutPage({
  applicationUuid,
  children,
}: {
  applicationUuid: string;
  /** Screen-specific help (e.g. a way to correct the property address). */
  children?: ReactNode;
}) {
  return (
    <StepPage title={TIMEOUT_TITLE}>
      <Stack gap="md">
        <Text>
          We are still waiting for an answer from one of our partners. Your application and your answers are
          saved, so you can check again in a few minutes or come back later and pick up where you left off.
        </Text>
        {children}
        <Group>
          <Button component={Link} to={paths.app.application.getHref(applicationUuid)}>
            Check again
          </Button>
          <Button component="a" variant="default" href={paths.host.dashboard.getHref()}>
            Go to dashboard
          </Button>
        </Group>
      </Stack>
    </StepPage>
  );
}
