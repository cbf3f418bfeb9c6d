/**
 * The borrower's invitations of the other owners on title: who was named or invited and how far each
 * one got, a form with name and e-mail per owner, re-sending a link (the old one stops working) and
 * cancelling an invitation. Two stages: before the closing documents (on identity) the owners are only
 * listed, so the deed of trust names them; after the borrower has signed (signing/additional) each
 * one gets an e-mail with a one-time link — the owners listed earlier with one button.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import {
  MAX_ADDITIONAL_SIGNERS,
  SIGNER_PROGRESS_LABELS,
  ZCoDeedInvitationRequest,
  type TCoDeedSigner,
  type TCoDeedStatusResponse,
} from '@heloc/domain';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { errorText } from '@/lib/api-errors';
import { ServerError, textFieldProps, useZodForm } from '@/lib/forms';
import {
  cancelInvitation,
  coDeedStatusQueryKey,
  coDeedStatusQueryOptions,
  inviteSigners,
} from '../api/co-deed-api';

export const INVITE_FORM_TITLE = 'Invite the other owners';
export const LIST_FORM_TITLE = 'List the other owners';
const emptyInvitee = { firstName: '', lastName: '', email: '' };

export type InviteStage = 'before-documents' | 'after-signing';

export function InviteSignersForm({
  applicationUuid,
  stage = 'after-signing',
}: {
  applicationUuid: string;
  stage?: InviteStage;
}) {
  const listing = stage === 'before-documents';
  const queryClient = useQueryClient();
  const status = useQuery({ ...coDeedStatusQueryOptions(applicationUuid), throwOnError: true });
  const [rowError, setRowError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busySigner, setBusySigner] = useState<string | null>(null);
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZCoDeedInvitationRequest, {
    defaultValues: { signers: [emptyInvitee] },
  });
  const rows = useFieldArray({ control: form.control, name: 'signers' });

  const store = (answer: TCoDeedStatusResponse) =>
    queryClient.setQueryData(coDeedStatusQueryKey(applicationUuid), answer);

  const submit = onSubmit(async (values) => {
    store(await inviteSigners(applicationUuid, values));
    const emails = values.signers.map((each) => each.email).join(', ');
    setNotice(
      listing
        ? `Saved. We will invite ${emails} to sign once you have signed your documents.`
        : `Invitation${values.signers.length > 1 ? 's' : ''} sent to ${emails}`,
    );
    form.reset({ signers: [emptyInvitee] });
  });

  const sendListed = async (listed: readonly TCoDeedSigner[]) => {
    setBusySigner('listed');
    setRowError(null);
    setNotice(null);
    try {
      const signers = listed.map(({ firstName, lastName, email }) => ({ firstName, lastName, email }));
      store(await inviteSigners(applicationUuid, { signers }));
      setNotice(
        `Invitation${signers.length > 1 ? 's' : ''} sent to ${signers.map((each) => each.email).join(', ')}`,
      );
    } catch (error) {
      setRowError(errorText(error));
    } finally {
      setBusySigner(null);
    }
  };

  const act = async (signer: TCoDeedSigner, action: 'resend' | 'cancel') => {
    setBusySigner(signer.uuid);
    setRowError(null);
    setNotice(null);
    try {
      if (action === 'resend') {
        const { firstName, lastName, email } = signer;
        store(await inviteSigners(applicationUuid, { signers: [{ firstName, lastName, email }] }));
        setNotice(`A new link was sent to ${email}. The old link no longer works.`);
      } else {
        store(await cancelInvitation(applicationUuid, signer.uuid));
        setNotice(`The invitation of ${signer.firstName} ${signer.lastName} was cancelled.`);
      }
    } catch (error) {
      setRowError(errorText(error));
    } finally {
      setBusySigner(null);
    }
  };

  const signers = status.data?.signers ?? [];
  const active = signers.filter((each) => each.status !== 'CANCELLED');
  const room = Math.max(0, MAX_ADDITIONAL_SIGNERS - active.length);
  const listed = active.filter((each) => each.status === 'LISTED');

  return (
    <Stack gap="lg">
      {signers.length > 0 ? (
        <Stack gap="xs">
          <Title order={2}>{listing ? 'Other owners on title' : 'Invited owners'}</Title>
          {/*
            Fits a phone: long e-mail addresses wrap (they pushed the actions out of sight behind a
            sideways scroll) and the two actions stack when the row is narrow.
          */}
          <div style={{ overflowX: 'auto' }}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">E-mail</Table.Th>
                  <Table.Th scope="col">Progress</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {signers.map((signer) => {
                  const name = `${signer.firstName} ${signer.lastName}`;
                  return (
                    <Table.Tr key={signer.uuid}>
                      <Table.Td>{name}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{signer.email}</Table.Td>
                      <Table.Td>{SIGNER_PROGRESS_LABELS[signer.status]}</Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          {signer.status === 'INVITED' && !listing ? (
                            <Button
                              size="xs"
                              variant="light"
                              aria-label={`Re-send the invitation to ${name}`}
                              loading={busySigner === signer.uuid}
                              onClick={() => void act(signer, 'resend')}
                            >
                              Re-send
                            </Button>
                          ) : null}
                          {signer.status !== 'COMPLETE' && signer.status !== 'CANCELLED' ? (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              aria-label={
                                signer.status === 'LISTED'
                                  ? `Remove ${name}`
                                  : `Cancel the invitation of ${name}`
                              }
                              loading={busySigner === signer.uuid}
                              onClick={() => void act(signer, 'cancel')}
                            >
                              {signer.status === 'LISTED' ? 'Remove' : 'Cancel'}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
          {!listing && listed.length > 0 ? (
            <Group>
              <Button loading={busySigner === 'listed'} onClick={() => void sendListed(listed)}>
                {listed.length > 1 ? 'Send the invitations' : 'Send the invitation'}
              </Button>
            </Group>
          ) : null}
          <ServerError>{rowError}</ServerError>
        </Stack>
      ) : null}
      {notice ? (
        <Alert color="blue" variant="light" role="status">
          {notice}
        </Alert>
      ) : null}
      {room > 0 ? (
        <form
          ref={formRef}
          noValidate
          onSubmit={submit}
          aria-label={listing ? LIST_FORM_TITLE : INVITE_FORM_TITLE}
        >
          <Stack gap="md">
            <Title order={2}>{listing ? LIST_FORM_TITLE : INVITE_FORM_TITLE}</Title>
            <Text>
              {listing
                ? 'Does anyone else own this home with you? Enter the name and e-mail of each other owner on title now, so your deed of trust names every owner. Once you have signed your documents, each one gets an e-mail with a link to sign.'
                : 'Enter the name and e-mail of each other owner on title. Each one gets an e-mail with a link to sign.'}
            </Text>
            {rows.fields.map((row, index) => (
              <fieldset key={row.id} style={{ border: 0, padding: 0, margin: 0 }}>
                <legend>
                  <VisuallyHidden>Owner {index + 1}</VisuallyHidden>
                </legend>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label="First name"
                    {...textFieldProps(form, `signers.${index}.firstName`, { required: true })}
                  />
                  <TextInput
                    label="Last name"
                    {...textFieldProps(form, `signers.${index}.lastName`, { required: true })}
                  />
                  <TextInput
                    label="E-mail"
                    type="email"
                    {...textFieldProps(form, `signers.${index}.email`, { required: true })}
                  />
                </SimpleGrid>
                {rows.fields.length > 1 ? (
                  <Button variant="subtle" size="xs" mt={4} onClick={() => rows.remove(index)}>
                    Remove owner {index + 1}
                  </Button>
                ) : null}
              </fieldset>
            ))}
            <Group>
              {rows.fields.length < room ? (
                <Button variant="default" onClick={() => rows.append(emptyInvitee)}>
                  Add another owner
                </Button>
              ) : null}
              <Button type="submit" loading={submitting}>
                {listing ? 'Save the owners' : 'Send invitations'}
              </Button>
            </Group>
            <ServerError>{serverError}</ServerError>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
