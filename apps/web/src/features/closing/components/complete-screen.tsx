/**
 * complete: the line funded, or funding pending with the rescission deadline and a countdown to it
 * (the right to cancel ends at midnight, Pacific time, at the end of the deadline day) and "Cancel my
 * line" while it runs, the line amount, the first payment, and the documents to download.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/List.css';
import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DASHBOARD_PATH, formatCurrency, formatDisplayDate, formatMaskedAccount } from '@heloc/domain';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import { useNow } from '@/hooks/use-now';
import { getBytes } from '@/lib/api-client';
import { errorText } from '@/lib/api-errors';
import {
  closingApi,
  closingDocumentPath,
  closingDocumentsQueryOptions,
  closingSummaryQueryOptions,
} from '../api/closing-api';
import { CancelLineAction } from '@/components/ui/cancel-line';
import { QueryGate } from '@/components/ui/query-gate';
import { Facts, LOAD_FAILED_TITLE } from './common';

export function countdownText(msLeft: number): string {
  if (msLeft <= 0) return 'The cancellation period has ended.';
  const minutes = Math.floor(msLeft / 60_000);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return `${[days > 0 ? part(days, 'day') : null, part(hours, 'hour'), part(rest, 'minute')]
    .filter(Boolean)
    .join(', ')} left to cancel`;
}

async function download(path: string, fileName: string) {
  const bytes = await getBytes(path);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CompleteScreen() {
  const { applicationUuid, holdScreen } = useApplicationFlow();
  const summary = useQuery({
    ...closingSummaryQueryOptions(applicationUuid),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  const documents = useQuery(closingDocumentsQueryOptions(applicationUuid));
  const now = useNow();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [rescinded, setRescinded] = useState(false);

  if (rescinded) {
    return (
      <StepPage
        title="Your line of credit is cancelled"
        lead="You used your right to cancel: the line is not opened, the deed is not recorded and no money is sent."
      >
        <Text>Any fees you paid are returned within 20 days. You can apply again from your dashboard.</Text>
        <Button component="a" href={DASHBOARD_PATH} w="fit-content">
          Go to the dashboard
        </Button>
      </StepPage>
    );
  }

  return (
    <QueryGate query={summary} label="Loading your line of credit" errorTitle={LOAD_FAILED_TITLE}>
      {(view) => {
        // The server says when the right ends: the web does no time-zone arithmetic of its own.
        const endsAt = view.rescissionEndsAt ? new Date(view.rescissionEndsAt) : null;
        const cancelling = !view.funded && endsAt !== null && endsAt.getTime() > now;
        return (
          <StepPage
            title={view.funded ? 'Your line of credit is funded' : 'Funding is pending'}
            lead={
              view.funded
                ? `We sent your funds${view.disburseAccountMask ? ` to the account ${formatMaskedAccount(view.disburseAccountMask)}` : ''}.`
                : 'Your documents are signed. We fund your line once the cancellation period has passed and the deed is recorded.'
            }
          >
            {cancelling && endsAt ? (
              <Alert variant="light" title="Your right to cancel">
                <Text size="sm">
                  You may cancel until midnight Pacific time at the end of{' '}
                  {formatDisplayDate(view.rescissionDeadline!)}.
                </Text>
                <Text size="sm" fw={600} role="timer" aria-live="off">
                  {countdownText(endsAt.getTime() - now)}
                </Text>
              </Alert>
            ) : null}
            {view.canRescind && (endsAt === null || endsAt.getTime() > now) ? (
              <CancelLineAction
                rescind={() => closingApi.rescind(applicationUuid)}
                onRescinded={() => {
                  // The application is CANCELLED now, which the guard routes to the dashboard: the
                  // confirmation stays until the borrower leaves it.
                  holdScreen();
                  setRescinded(true);
                }}
              />
            ) : null}
            <Facts
              items={[
                ['Line amount', formatCurrency(view.lineAmountCents)],
                ['Monthly payment', formatCurrency(view.monthlyPaymentCents, { decimals: 2 })],
                [
                  'First payment',
                  view.firstPaymentDate ? formatDisplayDate(view.firstPaymentDate) : 'To be set',
                ],
                [
                  'Cancellation deadline',
                  view.rescissionDeadline
                    ? formatDisplayDate(view.rescissionDeadline)
                    : 'After your insurance is received',
                ],
                [
                  'Funding',
                  view.funded && view.fundingDate
                    ? `Funded ${formatDisplayDate(view.fundingDate)}`
                    : view.fundingDate
                      ? `Expected ${formatDisplayDate(view.fundingDate)}`
                      : 'Pending',
                ],
              ]}
            />
            <Stack gap="xs" component="section" aria-labelledby="documents-title">
              <Title order={2} size="h3" id="documents-title">
                Your documents
              </Title>
              <QueryGate query={documents} label="Loading your documents" errorTitle={LOAD_FAILED_TITLE}>
                {(list) => (
                  <List>
                    {list.documents.map((doc) => (
                      <List.Item key={doc.uuid}>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() =>
                            void download(closingDocumentPath(applicationUuid, doc.uuid), doc.fileName).catch(
                              (error: unknown) => setDownloadError(errorText(error)),
                            )
                          }
                        >
                          Download {doc.label}
                        </Button>
                      </List.Item>
                    ))}
                  </List>
                )}
              </QueryGate>
              {downloadError ? (
                <Alert color="red" variant="light" role="alert">
                  {downloadError}
                </Alert>
              ) : null}
            </Stack>
          </StepPage>
        );
      }}
    </QueryGate>
  );
}
