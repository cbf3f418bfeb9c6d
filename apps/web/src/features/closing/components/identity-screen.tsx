/**
 * identity: the ID type and a photo of the front of the ID, previewed before it is sent. A failed
 * check brings the borrower back here with the ID verification condition, which the screen explains.
 * Below it the other owners on title are asked for (the signer feature's form, passed in by the
 * route: features do not import each other): this is the last screen before the closing documents
 * are prepared, so the deed of trust names every owner listed here.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Radio.css';
import { Alert, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ID_TYPE_LABELS, ID_TYPES, IMAGE_UPLOAD_TYPES, REQUIRED_MESSAGE, type TIdType } from '@heloc/domain';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import { useApplication } from '@/platform/application-frame';
import { conditionsQueryOptions, uploads } from '../api/closing-api';
import { FileUpload } from './file-upload';

export function IdentityScreen({ renderOwners }: { renderOwners?: (applicationUuid: string) => ReactNode }) {
  const { applicationUuid, advance } = useApplicationFlow();
  const conditions = useQuery(conditionsQueryOptions(applicationUuid));
  const [idType, setIdType] = useState<TIdType | ''>('');
  const [error, setError] = useState<string | null>(null);
  const failed = conditions.data?.some((each) => each.categoryEnum === 'ID_VERIFICATION_FAILURE');
  // A home held jointly must name its other owners: then they come first, before the ID upload
  // moves the borrower on; otherwise the question waits below it.
  const jointlyOwned = useApplication(applicationUuid).data?.coDeedStatus === 'PENDING';
  const owners = renderOwners ? <Stack mt="xl">{renderOwners(applicationUuid)}</Stack> : null;

  return (
    <StepPage
      title="Verify your identity"
      lead="Choose your ID and upload a clear photo of its front. All four corners should be visible."
    >
      {jointlyOwned ? owners : null}
      {failed ? (
        <Alert variant="light" title="We could not verify your ID">
          Please upload a new, clear photo of the front of a valid, unexpired ID.
        </Alert>
      ) : null}
      <Stack gap="md" maw={560}>
        <Radio.Group
          label="ID type"
          value={idType}
          onChange={(value) => {
            setIdType(value as TIdType);
            setError(null);
          }}
          error={error}
          withAsterisk
          id="field-idType"
        >
          <Stack gap="xs" mt="xs">
            {ID_TYPES.map((type) => (
              <Radio key={type} value={type} label={ID_TYPE_LABELS[type]} />
            ))}
          </Stack>
        </Radio.Group>
        <FileUpload
          label="Front of your ID"
          accept={IMAGE_UPLOAD_TYPES}
          preview
          submitLabel="Upload and verify"
          beforeSend={() => {
            if (idType) return true;
            setError(REQUIRED_MESSAGE);
            document.querySelector<HTMLInputElement>('#field-idType input')?.focus();
            return false;
          }}
          send={(file, onProgress, signal) =>
            uploads.identity(applicationUuid, idType as TIdType)(file, onProgress, signal)
          }
          onUploaded={() => advance()}
        />
      </Stack>
      {jointlyOwned ? null : owners}
    </StepPage>
  );
}
