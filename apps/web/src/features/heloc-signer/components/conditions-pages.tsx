/**
 * heloc-signer/conditions (behind fe-heloc-additional-signer-conditions; while it is off these screens
 * send the signer back to their documents): the list of what we still need from the signer, and the
 * two ways to clear a condition — upload-document (a PDF or photo for a document condition) and
 * identity (a photo of the front of their ID).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/List.css';
import { Alert, Button, FileInput, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { DOCUMENT_UPLOAD_TYPES, FEATURE_FLAGS, IMAGE_UPLOAD_TYPES } from '@heloc/domain';
import { AppLink } from '@/components/ui/app-link';
import { PageLoader } from '@/components/ui/page-loader';
import { useOrg } from '@/platform/org';
import { errorText } from '@/lib/api-errors';
import { isFlagOn, useFeatureFlags } from '@/lib/feature-flags';
import { ServerError } from '@/lib/forms';
import { signerConditionsQueryOptions, signerQueryKey, uploadSignerCondition } from '../api/co-deed-api';
import { signerHref, SignerScreen, unlessGateHandles } from './signer-screen';

export const CONDITIONS_TITLE = 'Your conditions';
export const UPLOAD_DOCUMENT_TITLE = 'Upload a document';
export const CONDITION_IDENTITY_TITLE = 'Confirm your identity';

/** Renders the screen only while the flag is on; unknown flags wait, off sends the signer away. */
function ConditionsGate({ children }: { children: ReactNode }) {
  const org = useOrg();
  const flags = useFeatureFlags(org.orgCode);
  if (flags.data === undefined && flags.isPending) return <PageLoader />;
  if (!isFlagOn(flags.data, FEATURE_FLAGS.additionalSignerConditions)) {
    return <Navigate to={signerHref('documents')} replace />;
  }
  return <>{children}</>;
}

export function ConditionsIndexPage() {
  return (
    <ConditionsGate>
      <ConditionsList />
    </ConditionsGate>
  );
}

function ConditionsList() {
  const conditions = useQuery({ ...signerConditionsQueryOptions(), throwOnError: unlessGateHandles });
  const open = conditions.data?.filter((each) => !each.cleared) ?? [];
  return (
    <SignerScreen title={CONDITIONS_TITLE} lead="What we still need from you before the loan can close.">
      {!conditions.data ? (
        <Loader aria-label="Loading your conditions" />
      ) : open.length === 0 ? (
        <Alert color="green" variant="light">
          Nothing is needed from you right now.
        </Alert>
      ) : (
        <List aria-label="Open conditions" spacing="sm">
          {open.map((condition) => (
            <List.Item key={condition.uuid}>
              {condition.description}{' '}
              <AppLink
                to={
                  condition.type === 'IDENTITY'
                    ? signerHref('conditions/identity')
                    : `${signerHref('conditions/upload-document')}?condition=${condition.uuid}`
                }
              >
                {condition.type === 'IDENTITY' ? 'Upload your ID' : 'Upload the document'}
              </AppLink>
            </List.Item>
          ))}
        </List>
      )}
      {conditions.data && conditions.data.some((each) => each.cleared) ? (
        <Text size="sm">
          Received:{' '}
          {conditions.data
            .filter((each) => each.cleared)
            .map((each) => each.description)
            .join('; ')}
        </Text>
      ) : null}
    </SignerScreen>
  );
}

interface UploadFormProps {
  title: string;
  lead: string;
  label: string;
  /** The content types the server takes for this upload (the domain's lists). */
  accept: readonly string[];
  kind: 'identity' | 'upload-document';
}

export function ConditionUploadForm({ title, lead, label, accept, kind }: UploadFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!file) {
      setFieldError('Required');
      document.getElementById(`condition-${kind}-file`)?.focus();
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      const conditions = await uploadSignerCondition(kind, file, searchParams.get('condition') ?? undefined);
      queryClient.setQueryData([...signerQueryKey, 'conditions'], conditions);
      await navigate(signerHref('conditions'));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <SignerScreen title={title} lead={lead}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
        <Stack gap="md">
          <FileInput
            id={`condition-${kind}-file`}
            label={label}
            accept={accept.join(',')}
            value={file}
            onChange={(value) => {
              setFile(value);
              if (value) setFieldError(null);
            }}
            error={fieldError}
            withAsterisk
            clearable
          />
          <ServerError>{error}</ServerError>
          <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
            Upload
          </Button>
          <Text>
            <AppLink to={signerHref('conditions')}>Back to your conditions</AppLink>
          </Text>
        </Stack>
      </form>
    </SignerScreen>
  );
}

export function ConditionUploadDocumentPage() {
  return (
    <ConditionsGate>
      <ConditionUploadForm
        kind="upload-document"
        title={UPLOAD_DOCUMENT_TITLE}
        lead="Upload the document we asked for, as a PDF or a photo."
        label="Document (PDF, JPEG or PNG)"
        accept={DOCUMENT_UPLOAD_TYPES}
      />
    </ConditionsGate>
  );
}

export function ConditionIdentityPage() {
  return (
    <ConditionsGate>
      <ConditionUploadForm
        kind="identity"
        title={CONDITION_IDENTITY_TITLE}
        lead="Upload a clear photo of the front of your driver's license or other government-issued photo ID."
        label="Photo of your ID (JPEG or PNG)"
        accept={IMAGE_UPLOAD_TYPES}
      />
    </ConditionsGate>
  );
}
