/**
 * The signer's online notary: heloc-signer/intro explains the session and starts it (notaries work
 * during notary hours only; outside them, or on any failure, heloc-signer/error says why),
 * heloc-signer/sign is the session where the signer signs the deed before the notary, and
 * heloc-signer/error offers to try again.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/List.css';
import { Alert, Button, Checkbox, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PdfViewer } from '@/platform/pdf-viewer';
import { errorText } from '@/lib/api-errors';
import { ServerError } from '@/lib/forms';
import {
  signerDocumentPath,
  signerDocumentsQueryOptions,
  signerQueryKey,
  signInNotarySession,
  startSignerNotary,
} from '../api/co-deed-api';
import { ESIGN_CONSENT_LABEL } from './documents-page';
import { SignerGate, signerHref, SignerScreen, unlessGateHandles } from './signer-screen';

export const NOTARY_INTRO_TITLE = 'Sign the deed with an online notary';
export const NOTARY_SESSION_TITLE = 'Your notary session';
export const NOTARY_ERROR_TITLE = 'We could not complete your notary session';

/** What the error page says; it arrives in the navigation state. */
interface NotaryErrorState {
  message?: string;
}

export function NotaryIntroPage() {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      await startSignerNotary();
      await navigate(signerHref('sign'));
    } catch (error) {
      await navigate(signerHref('error'), {
        state: { message: errorText(error) } satisfies NotaryErrorState,
      });
    } finally {
      setStarting(false);
    }
  };
  return (
    <SignerGate allowed={['SIGNED']}>
      {() => (
        <SignerScreen
          title={NOTARY_INTRO_TITLE}
          lead="The deed that secures the line of credit is signed in front of a notary. The session is online and takes about 15 minutes."
        >
          <List>
            <List.Item>Have your government-issued photo ID at hand.</List.Item>
            <List.Item>Use a device with a camera and microphone, in a quiet place.</List.Item>
            <List.Item>Notaries are available during notary hours.</List.Item>
          </List>
          <Button onClick={() => void start()} loading={starting} style={{ alignSelf: 'flex-start' }}>
            Start my notary session
          </Button>
        </SignerScreen>
      )}
    </SignerGate>
  );
}

export function NotarySessionPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const documents = useQuery({ ...signerDocumentsQueryOptions(), throwOnError: unlessGateHandles });
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const deed = documents.data?.documents.find((doc) => doc.signingMethod === 'NOTARY');

  const sign = async () => {
    if (!consent) {
      setError('Please agree to sign electronically to continue');
      return;
    }
    setSigning(true);
    setError(null);
    try {
      const signer = await signInNotarySession();
      queryClient.setQueryData([...signerQueryKey, 'me'], signer);
      await queryClient.invalidateQueries({ queryKey: [...signerQueryKey, 'documents'] });
      await navigate(signerHref('documents'), { replace: true });
    } catch (failure) {
      await navigate(signerHref('error'), {
        state: { message: errorText(failure) } satisfies NotaryErrorState,
      });
    } finally {
      setSigning(false);
    }
  };

  return (
    <SignerGate allowed={['SIGNED']}>
      {() => (
        <SignerScreen
          title={NOTARY_SESSION_TITLE}
          lead="The notary is with you. Review the deed with them, then sign it."
        >
          {!documents.data ? (
            <Loader aria-label="Loading the deed" />
          ) : deed ? (
            <Suspense fallback={<Loader aria-label="Loading the document viewer" />}>
              <PdfViewer src={signerDocumentPath(deed.uuid)} title="Deed of Trust" />
            </Suspense>
          ) : (
            <Alert color="blue" variant="light">
              The notary shows you the deed in the session.
            </Alert>
          )}
          <Stack gap="md">
            <Checkbox
              label={ESIGN_CONSENT_LABEL}
              checked={consent}
              onChange={(event) => setConsent(event.currentTarget.checked)}
            />
            <ServerError>{error}</ServerError>
            <Button onClick={() => void sign()} loading={signing} style={{ alignSelf: 'flex-start' }}>
              Sign the deed
            </Button>
          </Stack>
        </SignerScreen>
      )}
    </SignerGate>
  );
}

export function NotaryErrorPage() {
  const navigate = useNavigate();
  const state = useLocation().state as NotaryErrorState | null;
  return (
    <SignerScreen title={NOTARY_ERROR_TITLE}>
      <Alert color="red" variant="light" role="alert">
        {state?.message ?? 'Your notary session could not be started or has ended.'}
      </Alert>
      <Text>You can start a new session. Nothing you already signed is lost.</Text>
      <Button onClick={() => void navigate(signerHref('intro'))} style={{ alignSelf: 'flex-start' }}>
        Try again
      </Button>
    </SignerScreen>
  );
}
