/**
 * Insurance (spec 1 §2 {uuid}/insurance): proof of hazard insurance always, flood insurance when the
 * flood determination requires it, and the certificate of trust for a home held in trust. The last
 * required upload starts the rescission period.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/List.css';
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DOCUMENT_UPLOAD_TYPES, ZInsuranceUploadType } from '@heloc/domain';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import { insuranceQueryOptions, uploads } from '../api/closing-api';
import { QueryGate } from '@/components/ui/query-gate';
import { LOAD_FAILED_TITLE } from './common';
import { FileUpload } from './file-upload';

const TEXT: Record<string, { title: string; why: string }> = {
  hazard: {
    title: 'Proof of homeowners (hazard) insurance',
    why: 'Your policy declarations page showing the property address and the coverage.',
  },
  flood: {
    title: 'Proof of flood insurance',
    why: 'Your home is in a special flood hazard area, so flood insurance is required.',
  },
  trust: {
    title: 'Certificate of trust',
    why: 'Your home is held in a trust: the certificate shows who may act for it.',
  },
};

export function InsuranceRequirements() {
  const { applicationUuid } = useApplicationFlow();
  const requirements = useQuery(insuranceQueryOptions(applicationUuid));
  return (
    <StepPage
      title="Insurance requirements"
      lead="Property insurance is required. Flood insurance may be required."
    >
      <QueryGate query={requirements} label="Loading the requirements" errorTitle={LOAD_FAILED_TITLE}>
        {(view) => (
          <Stack gap="md">
            <List>
              {view.requirements
                .filter((each) => each.required)
                .map((each) => (
                  <List.Item key={each.type}>
                    <strong>{TEXT[each.type]?.title ?? each.type}</strong>: {TEXT[each.type]?.why}
                  </List.Item>
                ))}
            </List>
            <Group>
              <Button component={Link} to={destinationPath(applicationUuid, 'insurance/upload')}>
                Upload documents
              </Button>
            </Group>
          </Stack>
        )}
      </QueryGate>
    </StepPage>
  );
}

export function InsuranceUpload() {
  const { applicationUuid, advance } = useApplicationFlow();
  const queryClient = useQueryClient();
  const requirements = useQuery(insuranceQueryOptions(applicationUuid));
  return (
    <StepPage
      title="Upload your insurance"
      lead={
        <>
          PDF, JPEG or PNG files.{' '}
          <Link to={destinationPath(applicationUuid, 'insurance/requirements')}>What is required?</Link>
        </>
      }
    >
      <QueryGate query={requirements} label="Loading the requirements" errorTitle={LOAD_FAILED_TITLE}>
        {(view) => (
          <Stack gap="xl">
            {view.requirements
              .filter((each) => each.required)
              .map((each) => {
                const type = ZInsuranceUploadType.parse(each.type);
                return (
                  <Stack key={each.type} gap="xs" component="section" aria-labelledby={`insurance-${type}`}>
                    <Title order={2} size="h4" id={`insurance-${type}`}>
                      {TEXT[type]?.title}
                    </Title>
                    {each.uploaded.length > 0 ? (
                      <Text size="sm">Received: {each.uploaded.map((doc) => doc.fileName).join(', ')}</Text>
                    ) : null}
                    <FileUpload
                      label={each.uploaded.length > 0 ? 'Add another file' : 'Choose your file'}
                      description={TEXT[type]?.why}
                      accept={DOCUMENT_UPLOAD_TYPES}
                      send={uploads.insurance(applicationUuid, type)}
                      onUploaded={async (result) => {
                        await queryClient.invalidateQueries({
                          queryKey: insuranceQueryOptions(applicationUuid).queryKey,
                        });
                        if (result.status !== 'TRUST_AND_INSURANCE') await advance();
                      }}
                    />
                  </Stack>
                );
              })}
          </Stack>
        )}
      </QueryGate>
    </StepPage>
  );
}
