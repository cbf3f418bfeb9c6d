/**
 * /auth/forgot-password (issue 19): the account's e-mail → a one-time link to set a new password.
 * The server answers the same whether or not the address has an account, and so does this page.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { PASSWORD_RESET_TTL_MINUTES, ZPasswordForgotRequest } from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { HostLink } from '@/components/ui/host-link';
import { paths } from '@/config/paths';
import { errorText, fieldDetails } from '@/lib/api-errors';
import { useRequestPasswordReset } from '../api/password-reset';

const EMAIL_INPUT_ID = 'forgot-email';

export function ForgotPasswordPage({ brandName }: { brandName: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const request = useRequestPasswordReset();

  // The form gives way to the answer; focus follows so keyboard and screen-reader users hear it. After
  // the render that shows it: a frame requested from the answer's callback could run before React had
  // drawn the message (a CI run on a loaded machine found nothing focused).
  useEffect(() => {
    if (sentMessage) sentRef.current?.focus();
  }, [sentMessage]);

  const check = (value: string) => {
    const parsed = ZPasswordForgotRequest.safeParse({ email: value });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(email);
    setError(found);
    setServerError(null);
    if (found) {
      document.getElementById(EMAIL_INPUT_ID)?.focus();
      return;
    }
    request.mutate(
      { email },
      {
        onSuccess: ({ message }) => setSentMessage(message),
        onError: (failure) => {
          const fieldError = fieldDetails(failure).find((detail) => detail.path === 'email');
          if (fieldError) setError(fieldError.message);
          else setServerError(errorText(failure));
        },
      },
    );
  };

  return (
    <Container size={480} py="xl" className={readable.readable}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Forgot your password?</Title>
          <Text>
            Enter the e-mail of your {brandName} account. We will send you a link to choose a new password; it
            works once, for {PASSWORD_RESET_TTL_MINUTES} minutes.
          </Text>
        </Stack>
        <Paper withBorder p="lg" radius="md">
          {sentMessage ? (
            <Alert
              ref={sentRef}
              tabIndex={-1}
              color="green.9"
              variant="light"
              role="status"
              title="Check your e-mail"
            >
              {sentMessage}
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate aria-label="Forgot password">
              <Stack gap="md">
                {serverError ? (
                  <Alert color="red" variant="light" role="alert" title="We could not send the link">
                    {serverError}
                  </Alert>
                ) : null}
                <TextInput
                  id={EMAIL_INPUT_ID}
                  label="Email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setEmail(value);
                    if (error) setError(check(value));
                  }}
                  error={error}
                />
                <Button type="submit" loading={request.isPending}>
                  Send me a link
                </Button>
              </Stack>
            </form>
          )}
        </Paper>
        <Text>
          Remembered it? <HostLink to={paths.host.login.getHref()}>Back to log in</HostLink>
        </Text>
      </Stack>
    </Container>
  );
}
