/**
 * The outbox viewer (`/ops/mail`, members with MAIL_OUTBOX_READ): every borrower e-mail template
 * rendered for an organisation (platform staff pick which), and the messages the platform kept in
 * its outbox, each shown as the borrower's mail client would. The HTML is shown in a sandboxed
 * iframe (no scripts, no same-origin access, no navigation), so a message can never act on the
 * console; its inline styles and data: logo are what the console's CSP allows already.
 */
import { errorText } from '../api';
import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { BORROWER_MAIL_KINDS, type TStaffSelf } from '@heloc/domain';
import { ScrollTable } from '../scroll-table';
import type { TTemplatePreview } from './api';
import { outboxMessageQuery, outboxQuery, templateQuery } from './queries';

const KIND_LABELS: Record<(typeof BORROWER_MAIL_KINDS)[number], string> = {
  WELCOME: 'Welcome',
  OFFER_READY: 'Offer ready',
  APPLICATION_SUBMITTED: 'Application submitted',
  CONDITION_RAISED: 'Conditions raised',
  VALUATION_DONE: 'Valuation done',
  DOCUMENTS_READY: 'Documents ready to sign',
  NOTARY_APPOINTMENT: 'Notary appointment',
  RIGHT_TO_CANCEL: 'Right to cancel',
  FUNDED: 'Funded',
  DECLINED: 'Decline',
  CANCELLED: 'Application cancelled',
  REMINDER: 'Reminder (marketing: with unsubscribe)',
};

/** One e-mail as its recipient sees it. */
function MailFrame({ html, subject }: { html: string; subject: string }) {
  return (
    <iframe
      title={`E-mail: ${subject}`}
      srcDoc={html}
      sandbox=""
      data-testid="mail-frame"
      style={{ width: '100%', maxWidth: 680, height: 760, border: '1px solid #ced4da', background: '#fff' }}
    />
  );
}

function TemplatePreview({ me }: { me: TStaffSelf }) {
  const [orgCode, setOrgCode] = useState(me.orgCode ?? 'MAIN');
  // The organisation shown: the typed code is applied with "Show" (platform staff only).
  const [applied, setApplied] = useState(me.orgCode ?? 'MAIN');
  const [kind, setKind] = useState<string>(BORROWER_MAIL_KINDS[0]);
  const template = useQuery(templateQuery(kind, me.orgCode ? null : applied));
  const preview: TTemplatePreview | null = template.data ?? null;
  const error = template.isError ? errorText(template.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(orgCode.trim().toUpperCase());
  };
  return (
    <Stack>
      <Title order={3} size="h4">
        Templates
      </Title>
      <form onSubmit={submit}>
        <Group align="end">
          {me.orgCode ? null : (
            <TextInput
              label="Organisation code"
              value={orgCode}
              onChange={(event) => setOrgCode(event.currentTarget.value)}
            />
          )}
          <NativeSelect
            label="Template"
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value)}
            data={BORROWER_MAIL_KINDS.map((each) => ({ value: each, label: KIND_LABELS[each] }))}
          />
          {me.orgCode ? null : <Button type="submit">Show</Button>}
        </Group>
      </form>
      {error ? (
        <Alert color="red" title="The template could not be shown">
          {error}
        </Alert>
      ) : null}
      {preview ? (
        <Stack gap="xs" data-testid="template-preview" data-org={preview.orgCode} data-kind={preview.kind}>
          <Text>
            <strong>Subject:</strong> {preview.subject}
          </Text>
          <MailFrame html={preview.html} subject={preview.subject} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function Outbox() {
  const outbox = useQuery(outboxQuery);
  const items = outbox.data ?? null;
  // The message chosen with "View"; the one shown stays until the next one is read.
  const [openId, setOpenId] = useState<string | null>(null);
  const message = useQuery({
    ...outboxMessageQuery(openId ?? ''),
    enabled: openId !== null,
    placeholderData: keepPreviousData,
  });
  const open = message.data ?? null;
  const failed = outbox.error ?? message.error;
  const error = failed ? errorText(failed) : null;
  return (
    <Stack>
      <Title order={3} size="h4">
        Outbox
      </Title>
      {error ? <Alert color="red">{error}</Alert> : null}
      {items && items.length === 0 ? <Text>No messages yet.</Text> : null}
      {items && items.length > 0 ? (
        <ScrollTable label="Outbox messages" minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>
                  <span>Message</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{new Date(item.createdAt).toLocaleString('en-US')}</Table.Td>
                  <Table.Td>{item.to}</Table.Td>
                  <Table.Td>{item.subject}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setOpenId(item.id)}>
                      View
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
      {open ? (
        <Stack gap="xs" data-testid="outbox-message">
          <Text>
            <strong>To:</strong> {open.to} · <strong>Subject:</strong> {open.subject}
          </Text>
          {open.attachments.length > 0 ? (
            <Text>
              <strong>Attached:</strong>{' '}
              {open.attachments
                .map((file) => `${file.fileName} (${Math.ceil(file.sizeBytes / 1024)} KB)`)
                .join(', ')}
            </Text>
          ) : null}
          {open.html ? (
            <MailFrame html={open.html} subject={open.subject} />
          ) : (
            <pre style={{ whiteSpace: 'pre-wrap' }}>{open.text}</pre>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

export function MailViewer({ me }: { me: TStaffSelf }) {
  return (
    <Stack maw={900}>
      <Title order={2} size="h3">
        E-mail
      </Title>
      <TemplatePreview me={me} />
      <Outbox />
    </Stack>
  );
}
