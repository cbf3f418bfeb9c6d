/**
 * /dashboard/settings: profile, password, two-factor authentication and reminder e-mails of the
 * signed-in borrower.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Container, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import readable from '@/components/ui/readable-form.module.css';
import { errorText } from '@/lib/api-errors';
import { identityQueryOptions, profileQueryOptions } from '@/lib/auth';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { RemindersSection } from './reminders-section';
import { TwoFactorSection } from './two-factor-section';

export function SettingsPage() {
  const identity = useQuery(identityQueryOptions());
  const profile = useQuery(profileQueryOptions());

  const failure = identity.error ?? profile.error;
  const loaded = identity.data && profile.data ? { identity: identity.data, profile: profile.data } : null;
  return (
    <Container size="md" py="xl" className={readable.readable}>
      <Stack gap="xl">
        <Title order={1}>Settings</Title>
        {failure ? (
          <Alert color="red" variant="light" role="alert" title="We could not load your settings">
            {errorText(failure)}
          </Alert>
        ) : loaded ? (
          <>
            <ProfileSection profile={loaded.profile} />
            <Divider />
            <PasswordSection email={loaded.identity.email} />
            <Divider />
            <TwoFactorSection identity={loaded.identity} />
            <Divider />
            <RemindersSection />
          </>
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>Loading your settings</Text>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
