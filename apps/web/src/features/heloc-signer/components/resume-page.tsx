/**
 * heloc-signer/resume?token=… — the invitation link from the e-mail. Shows who invited the signer and
 * for which home, then accepts: a new signer sets their password (the same rule as every account);
 * someone who already has a signer account (invited before, e.g. for another loan) signs in with
 * theirs. Accepting signs in and goes on to identity. An expired, used or replaced link says so.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ZCoDeedAcceptForm, ZInvitationToken, type TCoDeedInvitationInfo } from '@heloc/domain';
import { AppLink } from '@/components/ui/app-link';
import { PageLoader } from '@/components/ui/page-loader';
import { PasswordRule } from '@/components/ui/password-rule';
import { setToken } from '@/lib/auth';
import { errorDetailsObject, errorText } from '@/lib/api-errors';
import { ServerError, textFieldProps, useZodForm } from '@/lib/forms';
import { acceptInvitation, invitationQueryOptions } from '../api/co-deed-api';
import { SignerScreen, signerHref } from './signer-screen';

export const RESUME_TITLE = 'You are invited to sign';
export const LINK_PROBLEM_TITLE = 'This link cannot be used';

export function ResumePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const tokenValid = ZInvitationToken.safeParse(token).success;
  const invitation = useQuery({ ...invitationQueryOptions(token), enabled: tokenValid });

  if (!tokenValid || invitation.error) {
    return (
      <SignerScreen title={LINK_PROBLEM_TITLE}>
        <Alert color="red" variant="light" role="alert">
          {tokenValid
            ? errorText(invitation.error)
            : 'This link is not valid. Open the link from your invitation e-mail again.'}
        </Alert>
        <Text>
          Already accepted your invitation? <AppLink to={signerHref('login')}>Log in to sign</AppLink>
        </Text>
      </SignerScreen>
    );
  }
  if (!invitation.data) return <PageLoader />;
  return <AcceptForm token={token} invitation={invitation.data} />;
}

export function AcceptForm({ token, invitation }: { token: string; invitation: TCoDeedInvitationInfo }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZCoDeedAcceptForm, {
    defaultValues: { password: '', totpCode: '' },
  });
  const [askCode, setAskCode] = useState(false);
  const password = form.watch('password');
  const existing = invitation.accountExists;

  const submit = onSubmit(async ({ password: value, totpCode }) => {
    let jwt: string;
    try {
      ({ jwt } = await acceptInvitation(token, value, askCode && totpCode ? totpCode : undefined));
    } catch (error) {
      // An existing account with two-factor on: accepting is a sign-in, so it asks for the code.
      if (errorDetailsObject(error)?.twoFactorRequired === true) setAskCode(true);
      throw error;
    }
    setToken(jwt);
    queryClient.clear();
    await navigate(signerHref('identity'), { replace: true });
  });

  return (
    <SignerScreen
      title={RESUME_TITLE}
      lead={`${invitation.primaryName} asked you to sign for the home equity line of credit on a home you own together. Every owner on title signs the deed and gets their own notice of right to cancel.`}
    >
      <Text>
        Hello {invitation.firstName} {invitation.lastName}. You will confirm who you are, read and sign your
        documents, and sign the deed with an online notary.
      </Text>
      <form ref={formRef} noValidate onSubmit={submit} aria-label={RESUME_TITLE}>
        <Stack gap="md">
          <Text>
            {existing
              ? `You already have a signer account as ${invitation.email}. Enter its password to accept.`
              : `Create a password for your signer account (${invitation.email}).`}
          </Text>
          <PasswordInput
            label={existing ? 'Password' : 'Create a password'}
            autoComplete={existing ? 'current-password' : 'new-password'}
            description={existing ? undefined : <PasswordRule password={password} email={invitation.email} />}
            {...textFieldProps(form, 'password', { required: true })}
          />
          {askCode ? (
            <TextInput
              label="Authenticator code"
              inputMode="numeric"
              autoComplete="one-time-code"
              {...textFieldProps(form, 'totpCode', { required: true })}
            />
          ) : null}
          <ServerError>{serverError}</ServerError>
          <Button type="submit" loading={submitting}>
            {existing ? 'Log in and accept' : 'Accept and continue'}
          </Button>
        </Stack>
      </form>
    </SignerScreen>
  );
}
