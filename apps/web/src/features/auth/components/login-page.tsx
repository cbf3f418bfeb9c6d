/**
 * /auth/login (spec 1 §2): the sign-in form, a link to apply, and in development the login toolbar.
 * After signing in the page goes to `redirectUrl` when it passes the spec rule, else to /dashboard.
 */
import '@/components/ui/form-styles';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
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
  return (
    <Container size={480} py="xl" className={readable.readable}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Log in</Title>
          <Text>Log in to your {brandName} account to continue your application.</Text>
        </Stack>
        <Paper withBorder p="lg" radius="md">
          <LoginForm onSignedIn={(jwt) => void completeSignIn(jwt)} />
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
