/**
 * Dev-only login toolbar (spec 2 §2, §6): sign in with e-mail and password, or paste a jwt. Rendered
 * only when `import.meta.env.DEV`; the login page imports it behind that check, so production builds
 * leave this module out entirely.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ERROR_TEXTS } from '@heloc/domain';
import { getIdentity } from '@/lib/auth';
import { clearStoredToken, storeToken } from '@/lib/api-client';
import { login } from '@/platform/sign-in';

interface DevLoginToolbarProps {
  onSignedIn: (jwt: string) => void;
}

export function DevLoginToolbar({ onSignedIn }: DevLoginToolbarProps) {
  const [email, setEmail] = useState('demo@heloc.test');
  const [password, setPassword] = useState('');
  const [jwt, setJwt] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (event: FormEvent<HTMLFormElement>, attempt: () => Promise<string>) => {
    event.preventDefault();
    setFailed(false);
    setBusy(true);
    try {
      onSignedIn(await attempt());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // A pasted token is only useful if the server takes it (it is bound to this browser's cookie).
  const checkPastedJwt = async () => {
    const token = jwt.trim();
    storeToken(token);
    try {
      await getIdentity({ skipAuthRedirect: true });
      return token;
    } catch (error) {
      clearStoredToken();
      throw error;
    }
  };

  return (
    <Paper withBorder p="md" mt="xl" aria-labelledby="dev-login-title" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dev-login-title">
          Developer login
        </Title>
        <Text size="sm">Development builds only.</Text>
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            {ERROR_TEXTS.devLoginFailed}
          </Alert>
        ) : null}
        <form
          onSubmit={(event) =>
            void run(event, async () => (await login({ email: email.trim(), password })).jwt)
          }
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Dev email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <TextInput
              label="Dev password"
              type="password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button type="submit" variant="default" loading={busy}>
              Dev log in
            </Button>
          </Group>
        </form>
        <form onSubmit={(event) => void run(event, checkPastedJwt)}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Paste a jwt"
              value={jwt}
              onChange={(event) => setJwt(event.currentTarget.value)}
            />
            <Button type="submit" variant="default" loading={busy} disabled={!jwt.trim()}>
              Use jwt
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
