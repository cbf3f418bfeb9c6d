/**
 * /auth/reset-password?token=… (issue 19): the new password, checked live against the registration
 * rule the server enforces. On success every sign-in of the account has ended, so the page sends the
 * borrower to /auth/login with a notice to log in with the new password (two-factor, when on, is still
 * asked for there). A missing, malformed, used or expired link says so and offers a new one.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PASSWORD_RESET_LINK_INVALID,
  REQUIRED_MESSAGE,
  ZPasswordResetToken,
  passwordProblem,
} from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { HostLink } from '@/components/ui/host-link';
import { PasswordRule } from '@/components/ui/password-rule';
import { paths } from '@/config/paths';
import { errorText, fieldDetails } from '@/lib/api-errors';
import { useResetPassword } from '../api/password-reset';

const PASSWORD_INPUT_ID = 'reset-password';

function validate(password: string): string | undefined {
  if (!password) return REQUIRED_MESSAGE;
  return passwordProblem(password) ?? undefined;
}

function AskAgain() {
  return <HostLink to={paths.host.forgotPassword.getHref()}>Ask for a new link</HostLink>;
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const tokenLooksValid = ZPasswordResetToken.safeParse(token).success;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [linkInvalid, setLinkInvalid] = useState(!tokenLooksValid);
  const [serverError, setServerError] = useState<string | null>(null);
  const reset = useResetPassword();
  const navigate = useNavigate();

  if (linkInvalid) {
    return (
      <Container size={480} py="xl" className={readable.readable}>
        <Stack gap="lg">
          <Title order={1}>This link cannot be used</Title>
          <Text>{PASSWORD_RESET_LINK_INVALID}</Text>
          <Text>
            <AskAgain />
          </Text>
        </Stack>
      </Container>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(password);
    setError(found);
    setServerError(null);
    if (found) {
      document.getElementById(PASSWORD_INPUT_ID)?.focus();
      return;
    }
    reset.mutate(
      { token, password },
      {
        onSuccess: () => void navigate(paths.host.login.afterPasswordResetHref),
        onError: (failure) => {
          const details = fieldDetails(failure);
          if (details.some((detail) => detail.path === 'token')) return setLinkInvalid(true);
          const fieldError = details.find((detail) => detail.path === 'password');
          if (fieldError) {
            setError(fieldError.message);
            document.getElementById(PASSWORD_INPUT_ID)?.focus();
          } else setServerError(errorText(failure));
        },
      },
    );
  };

  return (
    <Container size={480} py="xl" className={readable.readable}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Choose a new password</Title>
          <Text>When you save it, every other sign-in of your account ends.</Text>
        </Stack>
        <Paper withBorder p="lg" radius="md">
          <form onSubmit={submit} noValidate aria-label="Choose a new password">
            <Stack gap="md">
              {serverError ? (
                <Alert color="red" variant="light" role="alert" title="We could not change your password">
                  {serverError}
                </Alert>
              ) : null}
              <PasswordInput
                id={PASSWORD_INPUT_ID}
                label="New password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setPassword(value);
                  if (error) setError(validate(value));
                }}
                error={error}
                description={<PasswordRule password={password} />}
              />
              <Button type="submit" loading={reset.isPending}>
                Save the new password
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
