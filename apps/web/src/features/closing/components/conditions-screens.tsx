/**
 * conditions: the open conditions of the application (polled every 60 s and on window focus, spec 1
 * §9), each with what to do about it; conditions/upload-document for a requested document and
 * conditions/phone-number for a missing phone number. Income documents (the paystub condition, the
 * document request of the income step) go to the income upload screen, where they count for the
 * income review.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  CONDITION_CATEGORY_LABELS,
  CONDITIONS_POLL_INTERVAL_MS,
  DOCUMENT_UPLOAD_TYPES,
  formatDisplayDate,
  ZPhoneNumberForm,
  type TCondition,
  type TStepPath,
} from '@heloc/domain';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import { MobilePhoneField, ServerError, useZodForm } from '@/lib/forms';
import {
  conditionPhoneNumber,
  conditionsQueryKey,
  conditionsQueryOptions,
  incomeQueryOptions,
  uploads,
} from '../api/closing-api';
import { QueryGate } from '@/components/ui/query-gate';
import { LOAD_FAILED_TITLE } from './common';
import { FileUpload } from './file-upload';
import { incomeDocumentsUpload } from './income-screens';

function useConditions() {
  const { applicationUuid } = useApplicationFlow();
  return useQuery({
    ...conditionsQueryOptions(applicationUuid),
    refetchInterval: CONDITIONS_POLL_INTERVAL_MS,
    refetchOnWindowFocus: true,
  });
}

function actionOf(
  applicationUuid: string,
  condition: TCondition,
  incomeUpload: ReturnType<typeof incomeDocumentsUpload>,
): { to: string; label: string } | null {
  const app = (step: TStepPath) => destinationPath(applicationUuid, step);
  if (condition.categoryEnum === 'MISSING_PHONE_NUMBER')
    return {
      to: `${app('conditions/phone-number')}?condition=${condition.uuid}`,
      label: 'Add your phone number',
    };
  if (condition.categoryEnum === 'MANUAL_PAYSTUB_UPLOAD')
    return { to: app('income/upload/paystub'), label: 'Upload pay stubs' };
  if (condition.categoryEnum === 'ID_VERIFICATION_FAILURE')
    return { to: app('identity'), label: 'Upload your ID again' };
  // While the income step asks for documents, the document request is its own (engine/closing jobs).
  if (condition.categoryEnum === 'GENERIC_DOCUMENT_REQUEST' && incomeUpload)
    return { to: app(`income/upload/${incomeUpload.type}`), label: incomeUpload.label };
  // Every document asked for is in: the lender reviews them, nothing is left to send.
  if (condition.requestDocuments && condition.actionNeeded)
    return {
      to: `${app('conditions/upload-document')}?condition=${condition.uuid}`,
      label: 'Upload documents',
    };
  return null;
}

export function ConditionsDashboard() {
  const { applicationUuid } = useApplicationFlow();
  const conditions = useConditions();
  // The income view says whether a document request belongs to the income step; asked only then.
  const documentRequest =
    conditions.data?.some((each) => each.categoryEnum === 'GENERIC_DOCUMENT_REQUEST') === true;
  const income = useQuery({ ...incomeQueryOptions(applicationUuid), enabled: documentRequest });
  const incomeUpload = incomeDocumentsUpload(income.data);
  const view = {
    data: conditions.data,
    error: conditions.error,
    isPending: conditions.isPending || (documentRequest && income.isPending),
    refetch: conditions.refetch,
  };
  return (
    <StepPage title="Items we need from you" lead="Clear these items so we can finish your application.">
      <QueryGate query={view} label="Loading your open items" errorTitle={LOAD_FAILED_TITLE}>
        {(list) =>
          list.length === 0 ? (
            <Text>There is nothing we need from you right now.</Text>
          ) : (
            <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((condition) => {
                const action = actionOf(applicationUuid, condition, incomeUpload);
                return (
                  <Card component="li" key={condition.uuid} withBorder radius="md">
                    <Stack gap="xs">
                      <Title order={2} size="h4">
                        {CONDITION_CATEGORY_LABELS[condition.categoryEnum]}
                      </Title>
                      {condition.commentsToBorrower ? (
                        <Text size="sm">{condition.commentsToBorrower}</Text>
                      ) : null}
                      <Text size="xs">Requested {formatDisplayDate(new Date(condition.created))}</Text>
                      {action ? (
                        <Group>
                          <Button component={Link} to={action.to} size="sm">
                            {action.label}
                          </Button>
                        </Group>
                      ) : (
                        <Text size="sm">We are reviewing this; nothing to do for now.</Text>
                      )}
                    </Stack>
                  </Card>
                );
              })}
            </Stack>
          )
        }
      </QueryGate>
    </StepPage>
  );
}

export function ConditionUploadDocument() {
  const { applicationUuid } = useApplicationFlow();
  const [params] = useSearchParams();
  const conditions = useConditions();
  const queryClient = useQueryClient();
  /** After an upload: documents still asked for (0 when everything is in). */
  const [stillNeeded, setStillNeeded] = useState<number | null>(null);
  const conditionUuid = params.get('condition') ?? '';
  const back = destinationPath(applicationUuid, 'conditions');
  return (
    <StepPage title="Upload documents">
      <QueryGate query={conditions} label="Loading the request" errorTitle={LOAD_FAILED_TITLE}>
        {(list) => {
          const condition = list.find((each) => each.uuid === conditionUuid);
          if (!condition) {
            return (
              <Text>
                This item is no longer open. <Link to={back}>Back to your open items</Link>
              </Text>
            );
          }
          return (
            <Stack gap="md">
              <Text>
                {condition.commentsToBorrower ?? CONDITION_CATEGORY_LABELS[condition.categoryEnum]}
                {/* The count is what is still asked for: none once everything is in. */}
                {condition.actionNeeded && stillNeeded !== 0
                  ? ` (${condition.xtraData.numDocsRequired} ${condition.xtraData.numDocsRequired === 1 ? 'document' : 'documents'})`
                  : ''}
              </Text>
              {stillNeeded !== null ? (
                <Alert variant="light" role="status">
                  {stillNeeded === 0
                    ? 'Received. We have everything we asked for; we review it and let you know.'
                    : `Received. ${stillNeeded} more ${stillNeeded === 1 ? 'document' : 'documents'} to send.`}
                </Alert>
              ) : null}
              <FileUpload
                label="Document"
                accept={DOCUMENT_UPLOAD_TYPES}
                send={uploads.condition(applicationUuid, condition.uuid)}
                onUploaded={async (result) => {
                  setStillNeeded(
                    result.condition.actionNeeded ? result.condition.xtraData.numDocsRequired : 0,
                  );
                  await queryClient.invalidateQueries({ queryKey: conditionsQueryKey(applicationUuid) });
                }}
              />
              <Group>
                <Button component={Link} to={back} variant="default">
                  Back to your open items
                </Button>
              </Group>
            </Stack>
          );
        }}
      </QueryGate>
    </StepPage>
  );
}

export function ConditionPhoneNumber() {
  const { applicationUuid } = useApplicationFlow();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const conditions = useConditions();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZPhoneNumberForm, {
    defaultValues: { phoneNumber: '' },
  });
  const back = destinationPath(applicationUuid, 'conditions');
  const condition =
    conditions.data?.find((each) => each.uuid === params.get('condition')) ??
    conditions.data?.find((each) => each.categoryEnum === 'MISSING_PHONE_NUMBER');
  return (
    <StepPage
      title="Add your phone number"
      lead="We need a phone number to reach you about your application."
    >
      <QueryGate query={conditions} label="Loading the request" errorTitle={LOAD_FAILED_TITLE}>
        {() =>
          condition ? (
            <form
              ref={formRef}
              noValidate
              onSubmit={onSubmit(async ({ phoneNumber }) => {
                await conditionPhoneNumber(applicationUuid, condition.uuid, phoneNumber);
                await queryClient.invalidateQueries({ queryKey: conditionsQueryKey(applicationUuid) });
                await navigate(back);
              })}
            >
              <Stack gap="md" maw={400}>
                <MobilePhoneField form={form} name="phoneNumber" />
                <ServerError>{serverError}</ServerError>
                <Group>
                  <Button type="submit" loading={submitting}>
                    Save
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Text>
              We already have your phone number. <Link to={back}>Back to your open items</Link>
            </Text>
          )
        }
      </QueryGate>
    </StepPage>
  );
}
