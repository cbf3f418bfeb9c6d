/**
 * Signing (spec 1 §2 {uuid}/signing): the closing documents, each read in the PDF viewer down to the
 * bottom before it can be signed, the E-SIGN consent with its disclosure, and the geolocation alert
 * "Why We Need Your Location" before the first electronic signature. The deed is signed with the
 * notary afterwards.
 */
import type { ReactNode } from 'react';
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/List.css';
import { Alert, Badge, Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { TClosingDocumentsView, TSigningLocation } from '@heloc/domain';
import { useSigningLocation } from '@/components/ui/location-alert';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import { useApplication } from '@/platform/application-frame';
import { useOrg } from '@/platform/org';
import { PdfViewer } from '@/platform/pdf-viewer';
import { useAction } from '@/lib/forms';
import { closingApi, closingDocumentPath, closingDocumentsQueryOptions } from '../api/closing-api';
import { QueryGate, QueryLoading } from '@/components/ui/query-gate';
import { LOAD_FAILED_TITLE } from './common';

/** Texas: before the 12-day notice has run, the day signing opens (Sign stays disabled until then). */
function SigningNotYet({ view }: { view: TClosingDocumentsView }) {
  if (!view.signingNotBefore) return null;
  return (
    <Alert color="blue" variant="light" title="Signing opens later">
      {view.signingNotBefore.message} You can read your documents now.
    </Alert>
  );
}

export function SigningIntro() {
  const { applicationUuid } = useApplicationFlow();
  const documents = useQuery(closingDocumentsQueryOptions(applicationUuid));
  return (
    <StepPage
      title="Sign your documents"
      lead="Your closing documents are ready. Read each one and sign it electronically; the deed is signed later with a notary."
    >
      <QueryGate query={documents} label="Loading your documents" errorTitle={LOAD_FAILED_TITLE}>
        {(view) => (
          <Stack gap="md">
            <SigningNotYet view={view} />
            <List>
              {view.documents.map((doc) => (
                <List.Item key={doc.uuid}>
                  {doc.label}:{' '}
                  {doc.signingMethod === 'NOTARY'
                    ? 'signed with the notary'
                    : doc.signed
                      ? 'signed'
                      : 'sign electronically'}
                </List.Item>
              ))}
            </List>
            <Group>
              <Button component={Link} to={destinationPath(applicationUuid, 'signing/sign')}>
                Start signing
              </Button>
              <Button
                component={Link}
                to={destinationPath(applicationUuid, 'signing/support')}
                variant="default"
              >
                Need help?
              </Button>
            </Group>
          </Stack>
        )}
      </QueryGate>
    </StepPage>
  );
}

/** The E-SIGN Act disclosure the consent refers to (its version travels with every signature). */
function EsignDisclosure({ companyName }: { companyName: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="esign-disclosure-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="esign-disclosure-title">
          Consent to electronic signatures and records
        </Title>
        <Text size="sm">
          You agree that {companyName} may provide your loan documents electronically and that you sign them
          electronically. Electronic signatures have the same legal effect as signatures on paper.
        </Text>
        <Text size="sm">
          You may ask for paper copies at no charge, and you may withdraw this consent at any time before you
          sign by contacting us; withdrawing it means your documents are signed on paper instead, which may
          delay your closing. To view and keep your documents you need a device with a current web browser and
          a PDF reader, and enough storage to save them or a printer.
        </Text>
      </Stack>
    </Paper>
  );
}

export function SigningSign() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const queryClient = useQueryClient();
  const org = useOrg();
  const documents = useQuery(closingDocumentsQueryOptions(applicationUuid));
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [reachedEnd, setReachedEnd] = useState<Record<string, boolean>>({});
  const signingLocation = useSigningLocation();
  const signing = useAction();
  const companyName = org.orgMetaData.companyInfo.companyName;

  const sign = (
    documentUuid: string,
    version: TClosingDocumentsView['esignDisclosureVersion'],
    location: TSigningLocation,
  ) =>
    signing.run(async () => {
      const result = await closingApi.sign(applicationUuid, {
        documentUuid,
        esignDisclosureVersion: version,
        location,
      });
      await queryClient.invalidateQueries({
        queryKey: closingDocumentsQueryOptions(applicationUuid).queryKey,
      });
      if (result.remaining === 0) await advance();
    });

  return (
    <StepPage title="Sign your documents">
      <QueryGate query={documents} label="Loading your documents" errorTitle={LOAD_FAILED_TITLE}>
        {(view) => {
          const toSign = view.documents.filter((doc) => doc.signingMethod === 'ESIGN');
          const current = toSign.find((doc) => !doc.signed);
          const index = current ? toSign.indexOf(current) + 1 : toSign.length;
          if (!current) {
            return (
              <Stack gap="md">
                <Text>Every document is signed.</Text>
                <Group>
                  <Button onClick={() => void advance()} loading={busy}>
                    Continue
                  </Button>
                </Group>
              </Stack>
            );
          }
          const read = reachedEnd[current.uuid] === true;
          const notYet = view.signingNotBefore;
          return (
            <Stack gap="md">
              <SigningNotYet view={view} />
              <Group justify="space-between">
                <Title order={2} size="h3">
                  {current.label}
                </Title>
                <Badge variant="light">
                  Document {index} of {toSign.length}
                </Badge>
              </Group>
              <Suspense fallback={<QueryLoading label="Loading the document" />}>
                <PdfViewer
                  key={current.uuid}
                  src={closingDocumentPath(applicationUuid, current.uuid)}
                  title={current.label}
                  onReachedEnd={() => setReachedEnd((all) => ({ ...all, [current.uuid]: true }))}
                />
              </Suspense>
              <Text size="sm" role="status">
                {read
                  ? 'You have reached the end of this document.'
                  : 'Scroll to the end of the document to sign it.'}
              </Text>
              <EsignDisclosure companyName={companyName} />
              <Checkbox
                label="I have read the disclosure above and agree to sign my documents electronically"
                checked={consent}
                onChange={(event) => {
                  setConsent(event.currentTarget.checked);
                  setConsentError(null);
                }}
                error={consentError}
              />
              {(signing.error ?? signingLocation.error) ? (
                <Alert color="red" variant="light" role="alert">
                  {signing.error ?? signingLocation.error}
                </Alert>
              ) : null}
              <Group>
                <Button
                  disabled={!read || notYet !== null}
                  loading={signing.pending || busy}
                  onClick={() => {
                    if (!consent) {
                      setConsentError('Required');
                      return;
                    }
                    signingLocation.withLocation((location) =>
                      sign(current.uuid, view.esignDisclosureVersion, location),
                    );
                  }}
                >
                  Sign {current.label}
                </Button>
              </Group>
              {signingLocation.location ? <Text size="sm">Your location is shared for signing.</Text> : null}
            </Stack>
          );
        }}
      </QueryGate>
      {signingLocation.alert}
    </StepPage>
  );
}

/**
 * signing/additional: the other owners who must sign. The invitation form belongs to the signer
 * feature; the route passes it in (features do not import each other).
 */
export function SigningAdditional({
  renderInvite,
}: {
  renderInvite?: (applicationUuid: string) => ReactNode;
}) {
  const { applicationUuid } = useApplicationFlow();
  const application = useApplication(applicationUuid);
  const signers = application.data?.helocSigners ?? [];
  return (
    <StepPage
      title="Other owners must sign"
      lead="Everyone who owns the home must sign before your notary session. We let you know here when they have."
    >
      {signers.length > 0 ? (
        <List>
          {signers.map((signer, index) => (
            <List.Item key={signer.identityUuid ?? index}>Additional signer {index + 1}</List.Item>
          ))}
        </List>
      ) : (
        <Text>No other owner has joined your application yet.</Text>
      )}
      {renderInvite?.(applicationUuid)}
    </StepPage>
  );
}

export function SigningSupport() {
  const org = useOrg();
  const info = org.orgMetaData.companyInfo;
  return (
    <StepPage
      title="Help with signing"
      lead="Questions about your documents or signing? We are here to help."
    >
      <Stack gap="xs">
        {info.phoneFormatted ? <Text>Call us at {info.phoneFormatted}.</Text> : null}
        {info.email ? (
          <Text>
            E-mail <a href={`mailto:${info.email}`}>{info.email}</a>.
          </Text>
        ) : null}
      </Stack>
    </StepPage>
  );
}
