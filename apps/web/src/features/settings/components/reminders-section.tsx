/**
 * Settings: reminder e-mails on or off. The switch saves at once (the answer is the stored
 * preference); e-mails about the application itself have no switch, and the text says so.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Switch.css';
import { Alert, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { showToast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-errors';
import { mailPreferencesQueryOptions, useUpdateMailPreferences } from '../api/mail-preferences';

export const REMINDERS_ON = 'Reminder e-mails are on.';
export const REMINDERS_OFF = 'Reminder e-mails are off.';

export function RemindersSection() {
  const preferences = useQuery(mailPreferencesQueryOptions());
  const update = useUpdateMailPreferences();
  const failure = preferences.error ?? update.error;

  return (
    <section aria-labelledby="settings-reminders-title">
      <Stack gap="md">
        <Title order={2} id="settings-reminders-title">
          E-mail reminders
        </Title>
        <Text id="settings-reminders-description">
          When an application is left unfinished we send at most three reminders, never at night. E-mails
          about your application itself (offers, documents, decisions) always arrive.
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert" title="We could not save your choice">
            {errorText(failure)}
          </Alert>
        ) : null}
        <Switch
          label="Reminder e-mails"
          aria-describedby="settings-reminders-description"
          checked={preferences.data?.reminders ?? true}
          disabled={!preferences.data || update.isPending}
          onChange={(event) => {
            const reminders = event.currentTarget.checked;
            update.mutate(
              { reminders },
              {
                onSuccess: () =>
                  showToast({ message: reminders ? REMINDERS_ON : REMINDERS_OFF, tone: 'success' }),
              },
            );
          }}
        />
      </Stack>
    </section>
  );
}
