/**
 * The application file (/ops/applications/{uuid}): borrower and co-owners (SSN and account numbers
 * masked by the server), property and liens, valuation, credit, income, underwriting, the offer,
 * consents, conditions (condition-item.tsx), decisions (decisions-panel.tsx), documents (view or
 * download through the staff route), staff notes, chat transcripts and the reveal of a masked value
 * (records-panel.tsx), and the timeline,
 * filterable by kind.
 */
import { DownloadBundle } from './export-buttons';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  TIMELINE_KINDS,
  TIMELINE_KIND_LABELS,
  formatFileSize,
  formatPercentFromBps,
  formatPhone,
  type TApplicationFile,
  type TStaffSelf,
  type TTimelineKind,
} from '@heloc/domain';
import { DeskError } from '../api';
import { consoleApi } from './api';
import { ConditionItem } from './condition-item';
import { DecisionsPanel } from './decisions-panel';
import { money, when } from './format';
import { onLinkClick } from './location';
import { ChatsPanel, NotesPanel, SensitiveValue } from './records-panel';
import { WorkItemsPanel } from './work-items-panel';
import { ApplicationMails } from '../mail/application-mails';

const percent = (bps: number | null | undefined) =>
  bps === null || bps === undefined ? '–' : formatPercentFromBps(bps, { decimals: 2 });

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function ApplicationFile({ uuid, me }: { uuid: string; me: TStaffSelf }) {
  const file = useQuery({ queryKey: ['application-file', uuid], queryFn: () => consoleApi.file(uuid) });
  return (
    <Stack>
      <Anchor href="/ops/applications" onClick={onLinkClick('/applications')} w="fit-content">
        ← Back to the pipeline
      </Anchor>
      {file.isError && (
        <Alert color="red" role="alert">
          {file.error instanceof DeskError && file.error.status === 404
            ? 'Application not found.'
            : file.error instanceof Error
              ? file.error.message
              : 'The application could not be loaded'}
        </Alert>
      )}
      {file.isPending && <Text role="status">Loading…</Text>}
      {file.data && (
        <FileView
          file={file.data}
          me={me}
          canChangeConditions={me.permissions.includes('CONDITIONS_RAISE')}
        />
      )}
      {file.data && <WorkItemsPanel applicationUuid={uuid} me={me} />}
      {file.data && <DecisionsPanel file={file.data} me={me} />}
      {file.data && <NotesPanel applicationUuid={uuid} me={me} />}
      {file.data && <ChatsPanel applicationUuid={uuid} />}
      {file.data && <ApplicationMails uuid={uuid} />}
      {file.data && <Timeline uuid={uuid} />}
    </Stack>
  );
}

function FileView({
  file,
  me,
  canChangeConditions,
}: {
  file: TApplicationFile;
  me: TStaffSelf;
  canChangeConditions: boolean;
}) {
  const [documentError, setDocumentError] = useState<string | null>(null);
  const open = (path: string, mode: 'view' | 'download', name: string) => {
    setDocumentError(null);
    consoleApi
      .document(path, mode, name)
      .catch((caught: unknown) =>
        setDocumentError(caught instanceof Error ? caught.message : 'The document could not be opened'),
      );
  };
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {file.borrower.name}
          </Title>
          <Text>
            Loan {file.loanNumber} · {file.orgCode} · Loan officer: {file.loanOfficer?.name ?? 'none'}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Badge size="lg" variant="outline" color="blue.9">
            {file.stepLabel}
          </Badge>
          <DownloadBundle uuid={file.uuid} loanNumber={file.loanNumber} />
          <Text size="sm">
            {file.daysInStep} {file.daysInStep === 1 ? 'day' : 'days'} in step · updated{' '}
            {when(file.updatedAt)}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
        <Section title="Borrower">
          <Facts
            rows={[
              ['Name', file.borrower.name],
              ['E-mail', file.borrower.email],
              ['Phone', file.borrower.phoneNumbers.map((phone) => formatPhone(phone)).join(', ') || '–'],
              ['Date of birth', file.borrower.dob ?? '–'],
              [
                'SSN',
                file.borrower.ssnMasked ? (
                  <SensitiveValue
                    applicationUuid={file.uuid}
                    masked={file.borrower.ssnMasked}
                    target={{ field: 'SSN' }}
                    label="SSN"
                    me={me}
                  />
                ) : (
                  'Not on file'
                ),
              ],
              ['Stated income', money(file.borrower.statedAnnualIncomeCents)],
              ['Employment', file.borrower.employmentType ?? '–'],
            ]}
          />
        </Section>
        <Section title="Property and liens">
          {file.property ? (
            <Text>
              {file.property.street1}
              {file.property.street2 ? `, ${file.property.street2}` : ''}, {file.property.city},{' '}
              {file.property.state} {file.property.zip}
            </Text>
          ) : (
            <Text>No property chosen yet.</Text>
          )}
          {file.liens.length === 0 ? (
            <Text size="sm">No liens recorded.</Text>
          ) : (
            <ul>
              {file.liens.map((lien) => (
                <li key={lien.position}>
                  {lien.position}. {lien.lenderName}: {money(lien.balanceCents)}
                  {lien.monthlyPaymentCents !== null ? `, ${money(lien.monthlyPaymentCents)} a month` : ''} (
                  {lien.source.toLowerCase()}
                  {lien.confirmed ? ', confirmed' : ''})
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Valuation and credit">
          <Facts
            rows={[
              [
                'Value',
                file.valuation ? `${money(file.valuation.valueCents)} (${file.valuation.source})` : '–',
              ],
              ['Condition', file.valuation?.condition ?? '–'],
              ['Credit score', file.credit?.score ?? '–'],
              ['Pull', file.credit ? `${file.credit.kind} · ${when(file.credit.pulledAt)}` : '–'],
              ['Monthly debts (DTI)', money(file.credit?.monthlyDebtCents)],
            ]}
          />
        </Section>
        <Section title="Underwriting and offer">
          <Facts
            rows={[
              ['CLTV', percent(file.underwriting?.cltvBps)],
              ['DTI', percent(file.underwriting?.dtiBps)],
              ['Maximum line', money(file.underwriting?.maxLineCents)],
              ['Decision', file.underwriting?.decision ?? '–'],
              ['Reasons', file.underwriting?.reasons.join(', ') || '–'],
              [
                'Offer chosen',
                file.offer && file.offer.amountCents > 0
                  ? `${money(file.offer.amountCents)}, ${file.offer.termYears} years at ${percent(file.offer.rateBps)}`
                  : 'None yet',
              ],
            ]}
          />
        </Section>
        <Section title="Income">
          {file.incomeSources.length === 0 ? (
            <Text size="sm">No verified income yet.</Text>
          ) : (
            <ul>
              {file.incomeSources.map((source, index) => (
                <li key={index}>
                  {source.employerName ?? source.employmentType}: {money(source.annualIncomeCents)} a year (
                  {source.verifiedBy.toLowerCase()})
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Co-owners and accounts">
          {file.coOwners.length === 0 && <Text size="sm">No co-owners.</Text>}
          <ul>
            {file.coOwners.map((owner) => (
              <li key={owner.uuid}>
                {owner.name} ({owner.email}): {owner.status.toLowerCase()}
              </li>
            ))}
            {file.accounts.map((account) => (
              <li key={account.purpose}>
                {account.purpose.toLowerCase()}: {account.bankName ?? 'Bank'}{' '}
                {account.accountType.toLowerCase()}{' '}
                {account.purpose === 'DISBURSEMENT' || account.purpose === 'AUTOPAY' ? (
                  <SensitiveValue
                    applicationUuid={file.uuid}
                    masked={account.accountMasked}
                    target={{ field: 'ACCOUNT_NUMBER', purpose: account.purpose }}
                    label={`${account.purpose.toLowerCase()} account number`}
                    me={me}
                  />
                ) : (
                  account.accountMasked
                )}
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Disclosures and consents">
          {file.consents.length === 0 ? (
            <Text size="sm">None yet.</Text>
          ) : (
            <ul>
              {file.consents.map((consent) => (
                <li key={consent.type}>
                  {consent.type} (version {consent.disclosureVersion}): {when(consent.at)}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Conditions">
          {file.conditions.length === 0 ? (
            <Text size="sm">No conditions.</Text>
          ) : (
            <Stack gap="xs">
              {file.conditions.map((condition) => (
                <ConditionItem
                  key={condition.uuid}
                  applicationUuid={file.uuid}
                  condition={condition}
                  documents={file.documents}
                  canChange={canChangeConditions && condition.staffManaged}
                />
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Documents">
          {documentError && (
            <Alert color="red" role="alert" mb="xs">
              {documentError}
            </Alert>
          )}
          {file.documents.length === 0 ? (
            <Text size="sm">No documents yet.</Text>
          ) : (
            <ul>
              {file.documents.map((document) => (
                <li key={document.uuid}>
                  {document.fileName} ({formatFileSize(document.sizeBytes)}, {when(document.createdAt)}){' '}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`View ${document.fileName}`}
                    onClick={() => open(document.downloadPath, 'view', document.fileName)}
                  >
                    View
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Download ${document.fileName}`}
                    onClick={() => open(document.downloadPath, 'download', document.fileName)}
                  >
                    Download
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function Timeline({ uuid }: { uuid: string }) {
  const [kinds, setKinds] = useState<TTimelineKind[]>([]);
  const timeline = useQuery({
    queryKey: ['timeline', uuid, kinds],
    queryFn: () => consoleApi.timeline(uuid, kinds),
  });
  return (
    <Card withBorder padding="sm" component="section" aria-label="Timeline">
      <Title order={3} size="h4" mb="xs">
        Timeline
      </Title>
      <Checkbox.Group
        label="Show only"
        value={kinds}
        onChange={(value) => setKinds(value as TTimelineKind[])}
      >
        <Group gap="sm" mt={4} mb="sm">
          {TIMELINE_KINDS.map((kind) => (
            <Checkbox key={kind} value={kind} label={TIMELINE_KIND_LABELS[kind]} />
          ))}
        </Group>
      </Checkbox.Group>
      {timeline.isError && (
        <Alert color="red" role="alert">
          The timeline could not be loaded.
        </Alert>
      )}
      <Table aria-label="Timeline entries" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(timeline.data?.items ?? []).map((entry) => (
            <Table.Tr key={entry.id} data-testid="timeline-entry">
              <Table.Td>{when(entry.at)}</Table.Td>
              <Table.Td>{TIMELINE_KIND_LABELS[entry.kind]}</Table.Td>
              <Table.Td>
                {entry.action}
                {entry.toStepLabel ? `: ${entry.fromStepLabel ?? '–'} → ${entry.toStepLabel}` : ''}
              </Table.Td>
              <Table.Td>{entry.actor}</Table.Td>
              <Table.Td>{entry.reason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {timeline.isSuccess && timeline.data.items.length === 0 && <Text size="sm">Nothing of this kind.</Text>}
    </Card>
  );
}
