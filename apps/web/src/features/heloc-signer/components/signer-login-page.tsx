/**
 * heloc-signer/login: additional signers sign in here (open to visitors, spec 1 §6). After signing in
 * the signer goes to the screen their progress calls for; a borrower account that lands here goes to
 * its dashboard instead.
 */
import '@mantine/core/styles/Paper.css';
import { Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signerScreenFor } from '@heloc/domain';
import { paths } from '@/config/paths';
import { LoginForm } from '@/platform/sign-in';
import { ApiError } from '@/lib/api-client';
import { setToken } from '@/lib/auth';
import { browserLocation } from '@/lib/browser-location';
import { signerQueryOptions } from '../api/co-deed-api';
import { isNotASignerError, SignerScreen, signerHref } from './signer-screen';

export const SIGNER_LOGIN_TITLE = 'Log in to sign';

export function SignerLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signedIn = async (jwt: string) => {
    setToken(jwt);
    queryClient.clear();
    try {
      const signer = await queryClient.fetchQuery(signerQueryOptions());
      await navigate(signerHref(signerScreenFor(signer.status)), { replace: true });
    } catch (error) {
      // Not a signer account (403) or no signing on it: the borrower's own pages.
      if (isNotASignerError(error)) {
        browserLocation.assign(paths.host.dashboard.getHref());
      } else if (error instanceof ApiError && error.status === 409) {
        await navigate(signerHref('cancelled'), { replace: true });
      } else {
        throw error;
      }
    }
  };

  return (
    <SignerScreen
      title={SIGNER_LOGIN_TITLE}
      lead="Log in with the e-mail your invitation was sent to and the password you created when you accepted it."
    >
      <Paper withBorder p="lg" radius="md">
        <LoginForm onSignedIn={(jwt) => void signedIn(jwt)} />
      </Paper>
      <Text>Not accepted yet? Open the link in your invitation e-mail to create your password.</Text>
    </SignerScreen>
  );
}
