/** The lender console's sign-in: e-mail and password, then the authenticator code when asked for. */
import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DeskError, clearToken, desk, errorFlag } from './api';

export function SignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Sent here by the borrower site's sign-in (/auth/login) after a staff account signed in there.
  const [staffAccount] = useState(() => new URLSearchParams(window.location.search).has('staffAccount'));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password || (askCode && !code.trim())) {
      setError('Required');
      return;
    }
    setBusy(true);
    try {
      await desk.signIn(email.trim(), password, askCode ? code.trim() : undefined);
      await onSignedIn();
    } catch (caught) {
      clearToken();
      if (errorFlag(caught, 'twoFactorRequired')) setAskCode(true);
      setError(
        caught instanceof DeskError && caught.status === 403
          ? 'This account is not lender staff.'
          : caught instanceof Error
            ? caught.message
            : 'Something unexpected happened',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main>
      <Card maw={400} mx="auto" mt={80} withBorder padding="xl">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Lender console sign in
            </Title>
            {staffAccount && !error && (
              <Alert color="blue" title="This is a lender staff account">
                Staff sign in here, at the lender console.
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {askCode && (
              <TextInput
                label="Authenticator code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
            )}
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Card>
    </main>
  );
}
