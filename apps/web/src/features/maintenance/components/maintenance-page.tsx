import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Container, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_PATH } from '@heloc/domain';
import { HostLink } from '@/components/ui/host-link';
import type { TMaintenancePage } from '../utils/maintenance-state';

/** Maintenance page (spec 2 §2, §8): title and message from the flag or the defaults, optional dashboard link. */
export function MaintenancePage({ page }: { page: TMaintenancePage }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{page.title}</Title>
        <Text>{page.message}</Text>
        {page.showDashboardLink ? (
          <Text>
            <HostLink to={DASHBOARD_PATH}>Go to dashboard</HostLink>
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
