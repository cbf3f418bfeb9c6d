/**
 * Income verification (spec 1 §2 {uuid}/income): the review (link an account or upload documents),
 * the link modal screens, the payroll provider's callback, document uploads (how many from the
 * condition's xtraData.numDocsRequired, default 1) and the employer to verify employment with.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_UPLOAD_TYPES,
  INCOME_UPLOAD_DOCUMENT_TYPES,
  INCOME_UPLOAD_TYPES,
  incomeUploadTypeOf,
  ZEmployerForm,
  type TCondition,
  type TIncomeUploadType,
  type TIncomeView,
  type TLinkKind,
  type TStepPath,
} from '@heloc/domain';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import { ServerError, textFieldProps, useAction, useZodForm } from '@/lib/forms';
import { errorText } from '@/lib/api-errors';
import { closingApi, conditionsQueryOptions, incomeQueryOptions, uploads } from '../api/closing-api';
import { QueryGate } from '@/components/ui/query-gate';
import { LOAD_FAILED_TITLE } from './common';
import { FileUpload } from './file-upload';
import { LinkModal, type LinkResult } from './link-modal';

const UPLOAD_TITLES: Record<TIncomeUploadType, { title: string; one: string; many: string }> = {
  paystub: { title: 'Upload your pay stubs', one: 'pay stub', many: 'pay stubs' },
  w2: { title: 'Upload your W-2 forms', one: 'W-2 form', many: 'W-2 forms' },
  'tax-return': { title: 'Upload your tax returns', one: 'tax return', many: 'tax returns' },
  'bank-statement': { title: 'Upload your bank statements', one: 'bank statement', many: 'bank statements' },
};

/**
 * The upload screen of the documents the income step still asks for (the first kind with a screen),
 * with its button label; null when it asks for none. The conditions dashboard sends the income
 * document request here: documents sent to conditions/upload-document would not reach the income review.
 */
export function incomeDocumentsUpload(
  income: TIncomeView | undefined,
): { type: TIncomeUploadType; label: string } | null {
  for (const required of income?.requiredDocuments ?? []) {
    const type = incomeUploadTypeOf(required.documentType);
    if (type) return { type, label: `Upload ${UPLOAD_TITLES[type].many}` };
  }
  return null;
}

/** Conditions that ask for income documents, and the document type each asks for. */
function documentCondition(conditions: readonly TCondition[] | undefined, type: TIncomeUploadType) {
  return conditions?.find(
    (each) =>
      (type === 'paystub' && each.categoryEnum === 'MANUAL_PAYSTUB_UPLOAD') ||
      (type !== 'paystub' && each.categoryEnum === 'GENERIC_DOCUMENT_REQUEST'),
  );
}

function uploadedSince(income: TIncomeView, type: TIncomeUploadType, since: string | null) {
  return income.documents.filter(
    (doc) => doc.type === INCOME_UPLOAD_DOCUMENT_TYPES[type] && (since === null || doc.createdDate >= since),
  );
}

function usePlural(count: number, type: TIncomeUploadType) {
  const text = UPLOAD_TITLES[type];
  return `${count} ${count === 1 ? text.one : text.many}`;
}

export function IncomeReview() {
  const { applicationUuid } = useApplicationFlow();
  const income = useQuery(incomeQueryOptions(applicationUuid));
  const step = (path: TStepPath) => destinationPath(applicationUuid, path);
  return (
    <StepPage
      title="Verify your income"
      lead="Link the bank account your pay goes into, or your payroll provider, and we verify your income in moments. You can upload documents instead."
    >
      <QueryGate query={income} label="Loading your income details" errorTitle={LOAD_FAILED_TITLE}>
        {(view) =>
          view.requiredDocuments.length > 0 ? (
            <Stack gap="md">
              <Alert variant="light" title="We need a few documents">
                We could not verify all of your income from the link. Please upload:
              </Alert>
              <List>
                {view.requiredDocuments.map((required) => {
                  const type = incomeUploadTypeOf(required.documentType);
                  return (
                    <List.Item key={required.documentType}>
                      {DOCUMENT_TYPE_LABELS[required.documentType]}: {required.count}{' '}
                      {type ? (
                        <Link to={step(`income/upload/${type}`)}>
                          Upload {DOCUMENT_TYPE_LABELS[required.documentType]}
                        </Link>
                      ) : null}
                    </List.Item>
                  );
                })}
              </List>
            </Stack>
          ) : (
            <Stack gap="md">
              <Group>
                <Button component={Link} to={step('income/link/bank')}>
                  Link bank account
                </Button>
                <Button component={Link} to={step('income/link/payroll')} variant="outline">
                  Link payroll account
                </Button>
              </Group>
              <Text>
                Prefer documents? <Link to={step('income/upload/paystub')}>Upload pay stubs</Link>
                {view.employmentType === 'SELF_EMPLOYED' ? (
                  <>
                    {' '}
                    or <Link to={step('income/upload/tax-return')}>upload tax returns</Link>
                  </>
                ) : null}
                .
              </Text>
            </Stack>
          )
        }
      </QueryGate>
    </StepPage>
  );
}

/** income/link/{type}: the link modal over the review; closing it goes back to the review. */
export function IncomeLink() {
  const { type = '' } = useParams();
  const { applicationUuid, advance } = useApplicationFlow();
  const navigate = useNavigate();
  const kind: TLinkKind | null = type === 'bank' ? 'BANK' : type === 'payroll' ? 'PAYROLL' : null;
  const review = destinationPath(applicationUuid, 'income/review');
  const [error, setError] = useState<string | null>(null);

  async function linked(result: LinkResult) {
    try {
      await closingApi.linkIncome(applicationUuid, result.publicToken);
      await advance();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  if (!kind) {
    return (
      <StepPage title="Link an account">
        <Text>
          This kind of account cannot be linked. <Link to={review}>Back to income verification</Link>
        </Text>
      </StepPage>
    );
  }
  return (
    <StepPage title={kind === 'BANK' ? 'Link your bank account' : 'Link your payroll account'}>
      <ServerError>{error}</ServerError>
      <Text>
        <Link to={review}>Back to income verification</Link>
      </Text>
      <LinkModal
        applicationUuid={applicationUuid}
        kind={kind}
        opened={!error}
        onClose={() => void navigate(review)}
        onLinked={linked}
      />
    </StepPage>
  );
}

/** income/pointserv-callback: the payroll provider sends the borrower back with a public token. */
export function PointservCallback() {
  const { applicationUuid, advance } = useApplicationFlow();
  const [params] = useSearchParams();
  const publicToken = params.get('publicToken') ?? params.get('public_token');
  const finish = useQuery({
    queryKey: ['pointserv-callback', applicationUuid, publicToken],
    queryFn: async () => {
      await closingApi.linkIncome(applicationUuid, publicToken!);
      await advance();
      return true;
    },
    enabled: publicToken !== null,
    retry: false,
    staleTime: Infinity,
  });
  const review = destinationPath(applicationUuid, 'income/review');
  return (
    <StepPage title="Finishing your payroll link">
      {publicToken === null || finish.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {finish.isError ? errorText(finish.error) : 'The payroll link did not finish.'}
            </Text>
            <Link to={review}>Back to income verification</Link>
          </Stack>
        </Alert>
      ) : (
        <Text role="status">Verifying your income…</Text>
      )}
    </StepPage>
  );
}

/** income/upload/{type}: as many documents as the condition asks for, then send them for review. */
export function IncomeUpload() {
  const { type = '' } = useParams();
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const queryClient = useQueryClient();
  const income = useQuery(incomeQueryOptions(applicationUuid));
  const conditions = useQuery(conditionsQueryOptions(applicationUuid));
  const sending = useAction();
  const uploadType = (INCOME_UPLOAD_TYPES as readonly string[]).includes(type)
    ? (type as TIncomeUploadType)
    : null;
  const review = destinationPath(applicationUuid, 'income/review');

  if (!uploadType) {
    return (
      <StepPage title="Upload documents">
        <Text>
          This kind of document is not asked for here. <Link to={review}>Back to income verification</Link>
        </Text>
      </StepPage>
    );
  }
  const condition = documentCondition(conditions.data, uploadType);
  const required =
    condition?.xtraData.numDocsRequired ??
    income.data?.requiredDocuments.find(
      (each) => each.documentType === INCOME_UPLOAD_DOCUMENT_TYPES[uploadType],
    )?.count ??
    1;

  const submit = () =>
    sending.run(async () => {
      await closingApi.submitIncomeDocuments(applicationUuid);
      await advance();
    });

  return (
    <IncomeUploadView
      type={uploadType}
      required={required}
      income={income}
      since={condition?.created ?? null}
      conditionsLoading={conditions.isPending}
      onUploaded={() =>
        queryClient.invalidateQueries({ queryKey: incomeQueryOptions(applicationUuid).queryKey })
      }
      onSubmit={submit}
      submitting={sending.pending || busy}
      error={sending.error}
      sender={uploads.income(applicationUuid, uploadType)}
      review={review}
    />
  );
}

function IncomeUploadView({
  type,
  required,
  income,
  since,
  conditionsLoading,
  onUploaded,
  onSubmit,
  submitting,
  error,
  sender,
  review,
}: {
  type: TIncomeUploadType;
  required: number;
  income: ReturnType<typeof useQuery<TIncomeView>>;
  since: string | null;
  conditionsLoading: boolean;
  onUploaded: () => unknown;
  onSubmit: () => Promise<void>;
  submitting: boolean;
  error: string | null;
  sender: ReturnType<typeof uploads.income>;
  review: string;
}) {
  const text = UPLOAD_TITLES[type];
  const needed = usePlural(required, type);
  return (
    <StepPage title={text.title} lead={`Please upload ${needed}: PDF, JPEG or PNG files.`}>
      <QueryGate query={income} label="Loading your documents" errorTitle={LOAD_FAILED_TITLE}>
        {(view) => {
          const uploaded = conditionsLoading ? [] : uploadedSince(view, type, since);
          const enough = uploaded.length >= required;
          return (
            <Stack gap="md">
              <Text role="status">
                {uploaded.length} of {required} uploaded
              </Text>
              {uploaded.length > 0 ? (
                <List>
                  {uploaded.map((doc) => (
                    <List.Item key={doc.uuid}>{doc.fileName}</List.Item>
                  ))}
                </List>
              ) : null}
              <FileUpload
                label={`Add a ${text.one}`}
                accept={DOCUMENT_UPLOAD_TYPES}
                send={sender}
                onUploaded={() => void onUploaded()}
              />
              <ServerError>{error}</ServerError>
              <Group>
                <Button onClick={() => void onSubmit()} disabled={!enough} loading={submitting}>
                  Submit documents
                </Button>
                <Button component={Link} to={review} variant="default">
                  Back
                </Button>
              </Group>
            </Stack>
          );
        }}
      </QueryGate>
    </StepPage>
  );
}

export function EmployerVerification() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZEmployerForm, {
    defaultValues: { employerName: '', employerPhone: '' },
  });
  return (
    <StepPage
      title="Verify your employment"
      lead="Tell us who you work for. We contact your employer only to confirm that you work there."
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit(async (values) => {
          await closingApi.employer(applicationUuid, values);
          await advance();
        })}
      >
        <Stack gap="md" maw={480}>
          <TextInput label="Employer name" {...textFieldProps(form, 'employerName', { required: true })} />
          <TextInput
            label="Employer phone (optional)"
            type="tel"
            autoComplete="off"
            {...textFieldProps(form, 'employerPhone')}
          />
          <ServerError>{serverError}</ServerError>
          <Group>
            <Button type="submit" loading={submitting || busy}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </StepPage>
  );
}
