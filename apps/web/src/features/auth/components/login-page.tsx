/**
 * /auth/login (spec 1 §2): the sign-in form, a link to apply, and in development the login toolbar.
 * After signing in the page goes to `redirectUrl` when it passes the spec rule, else to /dashboard.
 * "Forgot your password?" leads to account recovery (issue 19), which comes back here with a notice.
 */
import '@/components/ui/form-styles';
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { HostLink } from '@/components/ui/host-link';
import { PASSWORD_RESET_DONE_PARAM, paths } from '@/config/paths';
import readable from '@/components/ui/readable-form.module.css';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { LoginForm } from '@/platform/sign-in';

// `import.meta.env.DEV` is the literal false in production builds, so this import is dropped there.
const DevLoginToolbar = import.meta.env.DEV
  ? lazy(() => import('./dev-login-toolbar').then((module) => ({ default: module.DevLoginToolbar })))
  : null;

interface LoginPageProps {
  brandName: string;
  /** Link to registration (an app page; the route supplies it). */
  registerLink: ReactNode;
}

export function LoginPage({ brandName, registerLink }: LoginPageProps) {
  const completeSignIn = useCompleteSignIn();
  const [searchParams] = useSearchParams();
  const passwordReset = searchParams.get(PASSWORD_RESET_DONE_PARAM) === '1';
  return (
    <Container size={480} py="xl" className={readable.readable}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Log in</Title>
          <Text>Log in to your {brandName} account to continue your application.</Text>
        </Stack>
        {passwordReset ? (
          <Alert color="green.9" variant="light" role="status" title="Your password was changed">
            Every other sign-in of your account has ended. Log in with your new password.
          </Alert>
        ) : null}
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <LoginForm onSignedIn={(jwt) => void completeSignIn(jwt)} />
            <Text size="sm">
              <HostLink to={paths.host.forgotPassword.getHref()}>Forgot your password?</HostLink>
            </Text>
          </Stack>
        </Paper>
        <Text>New here? {registerLink}</Text>
      </Stack>
      {DevLoginToolbar ? (
        <Suspense fallback={null}>
          <DevLoginToolbar onSignedIn={(jwt) => void completeSignIn(jwt)} />
        </Suspense>
      ) : null}
    </Container>
  );
}
