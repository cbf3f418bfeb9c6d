/**
 * Settings: change the password — the current one, and a new one checked live against the strength
 * rule the server enforces. On success the server ends every other sign-in of the account.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { passwordProblem, REQUIRED_MESSAGE } from '@heloc/domain';
import { PasswordRule } from '@/components/ui/password-rule';
import { errorText, fieldDetails } from '@/lib/api-errors';
import { useChangePassword } from '../api/change-password';
import { showToast } from '@/components/ui/toast';

type PasswordField = 'currentPassword' | 'newPassword';

export const PASSWORD_CHANGED = 'Your password was changed. You have been signed out everywhere else.';

export function validatePasswordChange(
  values: Record<PasswordField, string>,
  email: string,
): Partial<Record<PasswordField, string>> {
  const errors: Partial<Record<PasswordField, string>> = {};
  if (!values.currentPassword) errors.currentPassword = REQUIRED_MESSAGE;
  if (!values.newPassword) errors.newPassword = REQUIRED_MESSAGE;
  else {
    const problem = passwordProblem(values.newPassword, email);
    if (problem) errors.newPassword = problem;
  }
  return errors;
}

export function PasswordSection({ email }: { email: string }) {
  const [values, setValues] = useState<Record<PasswordField, string>>({
    currentPassword: '',
    newPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [changed, setChanged] = useState(false);
  const change = useChangePassword();

  const bind = (field: PasswordField) => ({
    id: `settings-${field}`,
    value: values[field],
    error: errors[field],
    required: true,
    onChange: (event: { currentTarget: { value: string } }) => {
      const next = { ...values, [field]: event.currentTarget.value };
      setValues(next);
      setChanged(false);
      if (errors[field]) setErrors({ ...errors, [field]: validatePasswordChange(next, email)[field] });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChanged(false);
    const found = validatePasswordChange(values, email);
    setErrors(found);
    const first = (['currentPassword', 'newPassword'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`settings-${first}`)?.focus();
      return;
    }
    change.mutate(values, {
      onSuccess: () => {
        setValues({ currentPassword: '', newPassword: '' });
        setChanged(true);
        showToast({ message: PASSWORD_CHANGED, tone: 'success' });
      },
      onError: (error) => {
        const mapped: Partial<Record<PasswordField, string>> = {};
        for (const detail of fieldDetails(error)) {
          if (detail.path === 'currentPassword' || detail.path === 'newPassword')
            mapped[detail.path] = detail.message;
        }
        setErrors(mapped);
      },
    });
  };

  return (
    <section aria-labelledby="settings-password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} id="settings-password-title">
            Password
          </Title>
          {change.isError && Object.keys(errors).length === 0 ? (
            <Alert color="red" variant="light" role="alert" title="We could not change your password">
              {errorText(change.error)}
            </Alert>
          ) : null}
          <PasswordInput
            {...bind('currentPassword')}
            label="Current password"
            autoComplete="current-password"
          />
          <PasswordInput
            {...bind('newPassword')}
            label="New password"
            autoComplete="new-password"
            description={<PasswordRule password={values.newPassword} email={email} />}
          />
          <Group gap="md">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
            <Text role="status" size="sm">
              {changed ? PASSWORD_CHANGED : ''}
            </Text>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
