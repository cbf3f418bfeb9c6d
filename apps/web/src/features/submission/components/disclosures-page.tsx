/**
 * document/disclosures: the early HELOC disclosure and the consumer booklet ("What You Should Know
 * About Home Equity Lines of Credit"), generated with the application summary. Not status-routed: the
 * borrower opens it from the summary and goes back.
 */
import '@/components/ui/form-styles';
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { TDocumentType } from '@heloc/domain';
import { paths } from '@/config/paths';
import { StepPage } from '@/platform/application-flow';
import { PdfViewer } from '@/platform/pdf-viewer';
import { documentDownloadPath, documentsQueryOptions } from '../api/submission-api';
import { DownloadDocumentButton } from './adverse-action-notice';
import { QueryGate } from '@/components/ui/query-gate';

export const DISCLOSURES_TITLE = 'Disclosures';
const DISCLOSURE_TYPES: readonly TDocumentType[] = ['EARLY_HELOC_DISCLOSURE', 'CONSUMER_HELOC_BOOKLET'];

export function DisclosuresPage() {
  const { applicationUuid = '' } = useParams();
  const documents = useQuery(documentsQueryOptions(applicationUuid));
  return (
    <StepPage
      title={DISCLOSURES_TITLE}
      lead="The early disclosure of your line of credit's terms and the consumer booklet on home equity lines of credit."
    >
      <QueryGate
        query={documents}
        label="Loading your disclosures"
        errorTitle="We could not load your disclosures"
      >
        {(list) => {
          const shown = DISCLOSURE_TYPES.flatMap((type) =>
            list.documents.filter((each) => each.type === type),
          );
          if (shown.length === 0) {
            return (
              <Text>
                Your disclosures are prepared with your application summary, after you answer the demographic
                questions. They will be here then.
              </Text>
            );
          }
          return shown.map((document) => (
            <Stack key={document.uuid} gap="sm">
              <Title order={2}>{document.label}</Title>
              <Suspense fallback={<Loader aria-label={`Loading ${document.label}`} />}>
                <PdfViewer
                  src={documentDownloadPath(applicationUuid, document.uuid)}
                  title={document.label}
                />
              </Suspense>
              <DownloadDocumentButton applicationUuid={applicationUuid} document={document} />
            </Stack>
          ));
        }}
      </QueryGate>
      <Anchor component={Link} to={paths.app.application.getHref(applicationUuid)}>
        Back to my application
      </Anchor>
    </StepPage>
  );
}
