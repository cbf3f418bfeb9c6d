/**
 * "Provide More Info" (spec 1 §4 moreProfile → hmda; status COLLECT_ADDITIONAL_INFO): start/contact
 * collects how to reach the borrower, then the additional profile (start/additional-profile) asks how
 * title is held, the SSN when none is on file, and the hard-credit authorisation. Saving the contact
 * does not move the status, so the contact screen goes on to the additional profile itself; the
 * additional profile's answer moves the status on (HMDA).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  additionalProfileForm,
  formatPhone,
  OWNERSHIP_TYPE_LABELS,
  OWNERSHIP_TYPES,
  ZContactInfoInput,
  type TMoreInfoView,
  type TStepPath,
} from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import {
  checkboxProps,
  MobilePhoneField,
  RadioGroupField,
  ServerError,
  textFieldProps,
  useZodForm,
} from '@/lib/forms';
import { moreInfoQueryOptions, saveAdditionalProfile, saveContact } from '../api/submission-api';
import { QueryGate } from '@/components/ui/query-gate';

export const CONTACT_STEP_TITLE = 'Provide More Info';
export const ADDITIONAL_PROFILE_TITLE = 'A few more details';
export const ADDITIONAL_PROFILE_PATH = 'start/additional-profile' satisfies TStepPath;
export const HARD_CREDIT_CONSENT_LABEL =
  'I authorize a hard credit check when I submit my application, as described above';

export function ContactStep() {
  const { applicationUuid } = useApplicationFlow();
  const moreInfo = useQuery(moreInfoQueryOptions(applicationUuid));
  return (
    <StepPage
      title={CONTACT_STEP_TITLE}
      lead="Your offer is saved. Confirm how we can reach you about your application."
    >
      <QueryGate
        query={moreInfo}
        label="Loading your contact details"
        errorTitle="We could not load your contact details"
      >
        {(view) => <ContactForm view={view} />}
      </QueryGate>
    </StepPage>
  );
}

function ContactForm({ view }: { view: TMoreInfoView }) {
  const { applicationUuid } = useApplicationFlow();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZContactInfoInput, {
    defaultValues: {
      email: view.email,
      phoneNumber: view.phoneNumber ? formatPhone(view.phoneNumber) : '',
    },
  });
  const submit = onSubmit(async (values) => {
    await saveContact(applicationUuid, values);
    await queryClient.invalidateQueries({ queryKey: moreInfoQueryOptions(applicationUuid).queryKey });
    await navigate(destinationPath(applicationUuid, ADDITIONAL_PROFILE_PATH));
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label="Contact information"
      className={readable.readable}
    >
      <Stack gap="md" maw={480}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          description="We send updates about your application here. It is also your sign-in name."
          {...textFieldProps(form, 'email', { required: true })}
        />
        <MobilePhoneField form={form} name="phoneNumber" description="(xxx) xxx-xxxx" />
        <ServerError>{serverError}</ServerError>
        <Button type="submit" loading={submitting} w="fit-content">
          Continue
        </Button>
      </Stack>
    </form>
  );
}

export function AdditionalProfileStep() {
  const { applicationUuid } = useApplicationFlow();
  const moreInfo = useQuery(moreInfoQueryOptions(applicationUuid));
  return (
    <StepPage
      title={ADDITIONAL_PROFILE_TITLE}
      lead="Tell us how you own your home and authorize the credit check we make when you submit your application."
    >
      <QueryGate query={moreInfo} label="Loading your details" errorTitle="We could not load your details">
        {(view) => <AdditionalProfileForm view={view} />}
      </QueryGate>
    </StepPage>
  );
}

function AdditionalProfileForm({ view }: { view: TMoreInfoView }) {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(
    additionalProfileForm({ ssnOnFile: view.hasSsn }),
    {
      defaultValues: {
        ownership: view.ownership ?? undefined,
        ssn: view.hasSsn ? undefined : '',
        hardCreditConsent: view.hardCreditConsent ? true : (false as unknown as true),
      },
      // A missing phone belongs to the contact screen; it shows in the combined text with its link.
      serverFieldFor: (path) => (path === 'body.ssn' ? 'ssn' : null),
    },
  );
  const submit = onSubmit(async (values) => {
    await saveAdditionalProfile(applicationUuid, {
      ownership: values.ownership,
      hardCreditConsent: true,
      ...(values.ssn ? { ssn: values.ssn } : {}),
    });
    await advance();
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label={ADDITIONAL_PROFILE_TITLE}
      className={readable.readable}
    >
      <Stack gap="lg">
        <RadioGroupField
          form={form}
          name="ownership"
          label="How do you own your home?"
          options={OWNERSHIP_TYPES.map((type) => ({ value: type, label: OWNERSHIP_TYPE_LABELS[type] }))}
        />
        {view.hasSsn ? (
          <Text>
            We have your Social Security number ending in <strong>{view.ssnLast4}</strong> on file.
          </Text>
        ) : (
          <TextInput
            label="Social Security number"
            description="9 digits, for example 123-45-6789. We keep it encrypted."
            inputMode="numeric"
            autoComplete="off"
            maw={280}
            {...textFieldProps(form, 'ssn', { required: true })}
          />
        )}
        <section aria-labelledby="hard-credit-disclosure">
          <Text fw={600} id="hard-credit-disclosure">
            Hard credit authorization
          </Text>
          <Text size="sm">
            When you submit your application we obtain your credit report from a consumer reporting agency
            through a hard inquiry, to verify the information your offer is based on. A hard inquiry is
            recorded on your credit report and may affect your credit score. We use your report only to decide
            on and service this line of credit.
          </Text>
        </section>
        <Checkbox label={HARD_CREDIT_CONSENT_LABEL} {...checkboxProps(form, 'hardCreditConsent')} />
        <ServerError>{serverError}</ServerError>
        <Group>
          <Button type="submit" loading={submitting || busy}>
            Continue
          </Button>
          <Anchor component={Link} to={destinationPath(applicationUuid, 'start/contact')}>
            Change my contact details
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
