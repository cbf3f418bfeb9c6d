/**
 * The application file's e-mails and reminders (issue 19): what the borrower was sent, what is
 * scheduled (a reminder's due time) and what was skipped and why (progress, unsubscribed, quiet hours
 * moved it). Read from `GET …/applications/{uuid}/mails`.
 */
import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ScrollTable } from '../scroll-table';
import { applicationMailsQuery } from './queries';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '–');

export function ApplicationMails({ uuid }: { uuid: string }) {
  const mails = useQuery(applicationMailsQuery(uuid));
  return (
    <Card withBorder padding="sm" component="section" aria-label="E-mails and reminders">
      <Title order={3} size="h4" mb="xs">
        E-mails and reminders
      </Title>
      {mails.isError && (
        <Alert color="red" role="alert">
          The e-mails could not be loaded.
        </Alert>
      )}
      {mails.isSuccess && mails.data.items.length === 0 && <Text size="sm">No e-mails yet.</Text>}
      {mails.isSuccess && mails.data.items.length > 0 && (
        <ScrollTable label="E-mails and reminders table" minWidth={560}>
          <Table aria-label="E-mails and reminders" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">E-mail</Table.Th>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Due</Table.Th>
                <Table.Th scope="col">Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mails.data.items.map((mail) => (
                <Table.Tr key={mail.uuid} data-testid="application-mail">
                  <Table.Td>
                    {mail.kind === 'REMINDER' ? `Reminder ${mail.reminderNumber ?? ''}` : mail.kind}
                  </Table.Td>
                  <Table.Td>
                    {mail.status}
                    {mail.skipReason ? ` (${mail.skipReason})` : ''}
                  </Table.Td>
                  <Table.Td>{when(mail.dueAt)}</Table.Td>
                  <Table.Td>{when(mail.sentAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Card>
  );
}
