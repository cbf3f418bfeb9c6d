/**
 * start/profile, "Basic Info" (spec 1 §2, §4 profile → liens): the borrower's name and birth date,
 * the home the line is for (one of the profile's addresses), and the soft-credit consent with its
 * disclosure. Submitting starts the soft credit pull; the status then moves the borrower on.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { formatAddress, isoDateToDisplay, ZProfileStepForm } from '@heloc/domain';
import type { THelocApplication, TProfile, TProfileStepForm } from '@heloc/domain';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import {
  checkboxProps,
  NameFields,
  RadioGroupField,
  ServerError,
  textFieldProps,
  useZodForm,
} from '@/lib/forms';
import { submitProfile } from '../api/engine';

export const PROFILE_STEP_TITLE = 'Basic Info';
export const SOFT_CREDIT_CONSENT_LABEL =
  'I agree to a soft credit check to see my rates, and to the soft credit disclosure above';

interface ProfileStepProps {
  application: THelocApplication;
  profile: TProfile;
  /** The last property lookup found no records for the chosen address (datatree no match). */
  datatreeNoMatch: boolean;
}

export function ProfileStep({ application, profile, datatreeNoMatch }: ProfileStepProps) {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const addresses = profile.addresses;
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZProfileStepForm, {
    defaultValues: {
      firstName: profile.name?.firstName ?? '',
      middleName: profile.name?.middleName ?? '',
      lastName: profile.name?.lastName ?? '',
      suffix: profile.name?.suffix ?? '',
      dob: profile.dob ? (isoDateToDisplay(profile.dob) ?? '') : '',
      propertyUuid: application.selectedPropertyUuid ?? addresses[0]?.uuid ?? '',
    },
    serverFieldFor: (path) =>
      path.startsWith('name.') ? path.slice('name.'.length) : path === 'softCreditConsent' ? path : null,
  });

  const submit = onSubmit(async (values: TProfileStepForm) => {
    await submitProfile(applicationUuid, {
      name: {
        firstName: values.firstName,
        lastName: values.lastName,
        ...(values.middleName && { middleName: values.middleName }),
        ...(values.suffix && { suffix: values.suffix }),
      },
      dob: values.dob,
      propertyUuid: values.propertyUuid,
      softCreditConsent: true,
    });
    await advance();
  });

  return (
    <StepPage
      title={PROFILE_STEP_TITLE}
      lead="Confirm your name, your birthdate and the home you want to borrow against. Then we check your rates with a soft credit pull."
    >
      {datatreeNoMatch ? (
        <Alert color="blue" variant="light" title="We could not find records for this home">
          Check the property address below, or choose another of your addresses, and continue again.
        </Alert>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit} aria-label={PROFILE_STEP_TITLE}>
        <Stack gap="md">
          <NameFields form={form} full />
          <TextInput
            label="Birthdate"
            description="MM/DD/YYYY"
            inputMode="numeric"
            autoComplete="bday"
            maw={240}
            {...textFieldProps(form, 'dob', { required: true })}
          />
          <RadioGroupField
            form={form}
            name="propertyUuid"
            label="Property address"
            description="The home this line of credit is secured by"
            options={addresses.map((address) => ({ value: address.uuid, label: formatAddress(address) }))}
          />
          <section aria-labelledby="soft-credit-disclosure">
            <Text fw={600} id="soft-credit-disclosure">
              Soft credit disclosure
            </Text>
            <Text size="sm">
              A soft credit pull is used for rate checks and a hard pull on application. By checking the box
              below you authorize us to obtain your credit report from a consumer reporting agency through a
              soft inquiry, to see the rates and amounts you qualify for. A soft inquiry does not affect your
              credit score. We will ask for your separate consent before any hard inquiry.
            </Text>
          </section>
          <Checkbox label={SOFT_CREDIT_CONSENT_LABEL} {...checkboxProps(form, 'softCreditConsent')} />
          <ServerError>{serverError}</ServerError>
          <Button type="submit" loading={submitting || busy} w="fit-content">
            Check my rates
          </Button>
        </Stack>
      </form>
    </StepPage>
  );
}
