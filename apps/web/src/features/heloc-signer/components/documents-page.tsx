/**
 * heloc-signer/documents: what the signer e-signs, one document at a time in the PDF viewer (the sign
 * button opens once they reached the end and agreed to sign electronically), then on to the notary
 * for the deed. A signer who finished sees every document they signed or received, e.g. their own
 * notice of right to cancel.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/List.css';
import { Alert, Button, Checkbox, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  FEATURE_FLAGS,
  formatDisplayDate,
  signerScreenFor,
  type TSignerDocument,
  type TSignerView,
  type TSigningLocation,
} from '@heloc/domain';
import { AppLink } from '@/components/ui/app-link';
import { CancelLineAction } from '@/components/ui/cancel-line';
import { useSigningLocation } from '@/components/ui/location-alert';
import { PdfViewer } from '@/platform/pdf-viewer';
import { useOrg } from '@/platform/org';
import { isFlagOn, useFeatureFlags } from '@/lib/feature-flags';
import { ServerError, useAction } from '@/lib/forms';
import {
  rescindAsSigner,
  signerDocumentPath,
  signerDocumentsQueryOptions,
  signerQueryKey,
  signSignerDocument,
} from '../api/co-deed-api';
import { SignerGate, signerHref, SignerScreen, unlessGateHandles } from './signer-screen';

export const DOCUMENTS_TITLE = 'Sign your documents';
export const DOCUMENTS_DONE_TITLE = 'Your documents';
export const LINE_CANCELLED_TITLE = 'The line of credit is cancelled';
export const ESIGN_CONSENT_LABEL =
  'I agree to sign this document electronically, and that my electronic signature is as valid as my handwritten one';

/** Readable names of the documents a signer sees. */
const DOCUMENT_NAMES: Record<string, string> = {
  CLOSING_DISCLOSURE: 'Closing Disclosure',
  DEED_OF_TRUST: 'Deed of Trust',
  NOTICE_OF_RIGHT_TO_CANCEL: 'Notice of Right to Cancel',
};
export const documentName = (doc: Pick<TSignerDocument, 'type' | 'fileName'>) =>
  DOCUMENT_NAMES[doc.type] ?? doc.fileName;

export function DocumentsPage() {
  return (
    <SignerGate allowed={['IDENTITY_VERIFIED', 'COMPLETE']}>
      {(signer) =>
        signer.status === 'COMPLETE' ? <FinishedDocuments signer={signer} /> : <ESignDocuments />
      }
    </SignerGate>
  );
}

function ESignDocuments() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const documents = useQuery({ ...signerDocumentsQueryOptions(), throwOnError: unlessGateHandles });
  const [consent, setConsent] = useState(false);
  const [reachedEnd, setReachedEnd] = useState<string | null>(null);
  const signing = useAction();
  const signingLocation = useSigningLocation();

  const toSign = (documents.data?.documents ?? []).filter((doc) => doc.signingMethod === 'ESIGN');
  const current = toSign.find((doc) => !doc.signed);

  const sign = async (location: TSigningLocation) => {
    if (!current) return;
    await signing.run(async () => {
      const result = await signSignerDocument(current.uuid, location);
      setConsent(false);
      await queryClient.invalidateQueries({ queryKey: signerQueryKey });
      if (result.status === 'SIGNED') await navigate(signerHref(signerScreenFor(result.status)));
    });
  };

  return (
    <SignerScreen
      title={DOCUMENTS_TITLE}
      lead="Read each document to the end, agree to sign electronically, and sign. The deed is signed with the notary afterwards."
    >
      {!documents.data ? (
        <Loader aria-label="Loading your documents" />
      ) : (
        <>
          <List aria-label="Documents to e-sign">
            {toSign.map((doc) => (
              <List.Item key={doc.uuid}>
                {documentName(doc)}: {doc.signed ? 'signed' : doc === current ? 'to sign now' : 'to sign'}
              </List.Item>
            ))}
          </List>
          {current ? (
            <Stack gap="md">
              <Title order={2}>{documentName(current)}</Title>
              <Suspense fallback={<Loader aria-label="Loading the document viewer" />}>
                <PdfViewer
                  src={signerDocumentPath(current.uuid)}
                  title={documentName(current)}
                  onReachedEnd={() => setReachedEnd(current.uuid)}
                />
              </Suspense>
              <Checkbox
                label={ESIGN_CONSENT_LABEL}
                checked={consent}
                onChange={(event) => setConsent(event.currentTarget.checked)}
              />
              {reachedEnd !== current.uuid ? (
                <Text size="sm">Scroll to the end of the document to sign it.</Text>
              ) : null}
              <ServerError>{signing.error ?? signingLocation.error}</ServerError>
              <Button
                onClick={() => signingLocation.withLocation(sign)}
                loading={signing.pending}
                disabled={!consent || reachedEnd !== current.uuid}
                style={{ alignSelf: 'flex-start' }}
              >
                Sign {documentName(current)}
              </Button>
            </Stack>
          ) : (
            <Button onClick={() => void navigate(signerHref('intro'))} style={{ alignSelf: 'flex-start' }}>
              Continue to the notary
            </Button>
          )}
        </>
      )}
      {signingLocation.alert}
    </SignerScreen>
  );
}

function FinishedDocuments({ signer }: { signer: TSignerView }) {
  const org = useOrg();
  const flags = useFeatureFlags(org.orgCode);
  const queryClient = useQueryClient();
  const documents = useQuery({ ...signerDocumentsQueryOptions(), throwOnError: unlessGateHandles });
  const [open, setOpen] = useState<TSignerDocument | null>(null);
  const [rescinded, setRescinded] = useState(false);
  return (
    <SignerScreen title={DOCUMENTS_DONE_TITLE}>
      {rescinded ? (
        <Alert color="gray" variant="light" title={LINE_CANCELLED_TITLE} role="status">
          You used your right to cancel: the line is not opened, the deed is not recorded and no money is
          sent. We let {signer.primaryName} know.
        </Alert>
      ) : (
        <Alert color="green.9" variant="light" title="You have signed everything">
          Your deed is notarized.{' '}
          {signer.primaryWaiting
            ? `${signer.primaryName}'s application goes on once every owner has signed.`
            : `${signer.primaryName}'s application has gone on to the next step.`}
        </Alert>
      )}
      {signer.canRescind && !rescinded ? (
        <Stack gap="xs">
          <Title order={2}>Your right to cancel</Title>
          <Text>
            As an owner on title you may cancel this line of credit
            {signer.rescissionDeadline
              ? ` until midnight Pacific time at the end of ${formatDisplayDate(signer.rescissionDeadline)}`
              : ' until the cancellation period ends'}
            .
          </Text>
          <CancelLineAction
            rescind={rescindAsSigner}
            onRescinded={() => {
              setRescinded(true);
              void queryClient.invalidateQueries({ queryKey: signerQueryKey });
            }}
          />
        </Stack>
      ) : null}
      {isFlagOn(flags.data, FEATURE_FLAGS.additionalSignerConditions) ? (
        <Text>
          We may ask you for more information.{' '}
          <AppLink to={signerHref('conditions')}>See your conditions</AppLink>
        </Text>
      ) : null}
      {!documents.data ? (
        <Loader aria-label="Loading your documents" />
      ) : (
        <List aria-label="Your documents">
          {documents.data.documents.map((doc) => (
            <List.Item key={doc.uuid}>
              <Button variant="subtle" px={0} onClick={() => setOpen(doc)}>
                {documentName(doc)}
              </Button>{' '}
              {doc.signed ? '(signed)' : null}
            </List.Item>
          ))}
        </List>
      )}
      {open ? (
        <Suspense fallback={<Loader aria-label="Loading the document viewer" />}>
          <PdfViewer key={open.uuid} src={signerDocumentPath(open.uuid)} title={documentName(open)} />
        </Suspense>
      ) : null}
    </SignerScreen>
  );
}
