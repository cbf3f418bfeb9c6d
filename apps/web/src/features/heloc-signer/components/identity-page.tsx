/**
 * heloc-signer/identity: the signer confirms their name as on their ID (the last name must match the
 * name on title; the server checks), birthdate and phone. Then on to their documents.
 */
import '@/components/ui/form-styles';
import { Button, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ZSignerIdentityForm, signerScreenFor, type TSignerView } from '@heloc/domain';
import { MobilePhoneField, NameFields, ServerError, textFieldProps, useZodForm } from '@/lib/forms';
import { signerQueryKey, submitSignerIdentity } from '../api/co-deed-api';
import { SignerGate, SignerScreen, signerHref } from './signer-screen';

export const IDENTITY_TITLE = 'Confirm who you are';

export function IdentityPage() {
  return (
    <SignerGate allowed={['ACCEPTED', 'IDENTITY_VERIFIED']}>
      {(signer) => <IdentityForm signer={signer} />}
    </SignerGate>
  );
}

export function IdentityForm({ signer }: { signer: TSignerView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZSignerIdentityForm, {
    defaultValues: { firstName: signer.firstName, lastName: signer.lastName, dob: '', phoneNumber: '' },
  });

  const submit = onSubmit(async (values) => {
    const updated = await submitSignerIdentity(values);
    queryClient.setQueryData([...signerQueryKey, 'me'], updated);
    await navigate(signerHref(signerScreenFor(updated.status)));
  });

  return (
    <SignerScreen
      title={IDENTITY_TITLE}
      lead={`${signer.primaryName} asked you to sign as an owner of the home. Enter your name as it appears on your ID.`}
    >
      <form ref={formRef} noValidate onSubmit={submit} aria-label={IDENTITY_TITLE}>
        <Stack gap="md">
          <NameFields form={form} />
          <TextInput
            label="Birthdate"
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            autoComplete="bday"
            {...textFieldProps(form, 'dob', { required: true })}
          />
          <MobilePhoneField form={form} name="phoneNumber" />
          <ServerError>{serverError}</ServerError>
          <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
            Continue
          </Button>
        </Stack>
      </form>
    </SignerScreen>
  );
}
