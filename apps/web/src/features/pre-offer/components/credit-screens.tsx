/**
 * The credit exceptions of the soft pull (spec 1 §2 credit/*, review-app/incorrect-pin; DESIGN.md §7):
 * - credit/social: the bureau found no match; the SSN lets it search again.
 * - credit/error: the file is frozen or locked; the borrower lifts it at the bureau, then retries.
 * - review-app/incorrect-pin: the file is frozen with a PIN; the right PIN unlocks it, a wrong one
 *   lands here again.
 */
import { OrgSupportContacts } from '@/platform/org';
import '@/components/ui/form-styles';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { useState } from 'react';
import { ZCreditPinForm, ZSsnForm } from '@heloc/domain';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import { errorText } from '@/lib/api-errors';
import { ServerError, textFieldProps, useZodForm } from '@/lib/forms';
import { retryCredit, submitCreditPin, submitSsn } from '../api/engine';

export const CREDIT_SOCIAL_TITLE = 'We could not find your credit file';

export function CreditSocial() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZSsnForm, {
    defaultValues: { ssn: '' },
  });
  const submit = onSubmit(async ({ ssn }) => {
    await submitSsn(applicationUuid, ssn);
    await advance();
  });
  return (
    <StepPage
      title={CREDIT_SOCIAL_TITLE}
      lead="The credit bureau could not match your name, birthdate and address to a credit file. Enter your Social Security number so it can search again."
    >
      <form ref={formRef} noValidate onSubmit={submit}>
        <Stack gap="md">
          <PasswordInput
            label="Social Security number"
            description="9 digits, e.g. 123-45-6789. It is sent securely and only used to find your credit file."
            inputMode="numeric"
            autoComplete="off"
            maw={320}
            {...textFieldProps(form, 'ssn', { required: true })}
          />
          <ServerError>{serverError}</ServerError>
          <Button type="submit" loading={submitting || busy} w="fit-content">
            Search again
          </Button>
        </Stack>
      </form>
    </StepPage>
  );
}

/** The "lift the freeze, then try again" action both freeze screens offer. */
function RetryCredit({ label = 'I lifted the freeze, try again' }: { label?: string }) {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  // A file still frozen lands on this screen again: say so, or the button seems to do nothing.
  const [stillFrozen, setStillFrozen] = useState(false);
  const retry = async () => {
    setError(null);
    setStillFrozen(false);
    setPending(true);
    try {
      await retryCredit(applicationUuid);
      await advance();
      setStillFrozen(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack gap="sm" align="flex-start">
      {stillFrozen ? (
        <Alert color="red" variant="light" role="alert" title="Your credit file is still frozen">
          We asked the credit bureau again just now and the freeze is still on. Check with the bureau that the
          freeze is lifted, then try again.
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      <Button onClick={() => void retry()} loading={pending || busy}>
        {label}
      </Button>
    </Stack>
  );
}

export const CREDIT_ERROR_TITLE = 'Your credit file is frozen';

export function CreditError() {
  return (
    <StepPage
      title={CREDIT_ERROR_TITLE}
      lead="The credit bureau could not share your credit file because it is frozen or locked. We need it to check your rates."
    >
      <Stack gap="xs">
        <Text fw={600}>What to do</Text>
        <ol>
          <li>Contact the credit bureau that holds the freeze or lock (Equifax, Experian or TransUnion).</li>
          <li>Ask it to lift the freeze temporarily, for example for the next 7 days.</li>
          <li>Come back here and try again. Your answers so far are saved.</li>
        </ol>
      </Stack>
      <RetryCredit />
      <OrgSupportContacts />
    </StepPage>
  );
}

export const INCORRECT_PIN_TITLE = 'Enter your credit freeze PIN';

export function IncorrectPin() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  // A wrong PIN lands on this screen again: say so once a PIN was sent from here.
  const [rejected, setRejected] = useState(false);
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZCreditPinForm, {
    defaultValues: { pin: '' },
  });
  const submit = onSubmit(async ({ pin }) => {
    setRejected(false);
    await submitCreditPin(applicationUuid, pin);
    await advance();
    setRejected(true);
    form.reset({ pin: '' });
  });
  return (
    <StepPage
      title={INCORRECT_PIN_TITLE}
      lead="Your credit file is frozen with a PIN. Enter the PIN the credit bureau gave you when you froze it, and we will unlock your file for this check only."
    >
      {rejected ? (
        <Alert color="red" variant="light" role="alert" title="That PIN did not work">
          The credit bureau did not accept the PIN. Check it and enter it again, or lift the freeze with the
          bureau and try again.
        </Alert>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="PIN"
            description="4 digits"
            inputMode="numeric"
            autoComplete="off"
            maw={200}
            {...textFieldProps(form, 'pin', { required: true })}
          />
          <ServerError>{serverError}</ServerError>
          <Group>
            <Button type="submit" loading={submitting || busy}>
              Unlock and continue
            </Button>
          </Group>
        </Stack>
      </form>
      <Text>No PIN? Lift the freeze with the credit bureau, then:</Text>
      <RetryCredit />
    </StepPage>
  );
}
