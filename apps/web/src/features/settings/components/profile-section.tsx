/** Settings: the borrower's name and mobile phone (PATCH profile); e-mail is shown, not edited here. */
import '@/components/ui/form-styles';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatPhone, REQUIRED_MESSAGE, ZPhoneDigits } from '@heloc/domain';
import type { TProfile } from '@heloc/domain';
import { errorText, fieldDetails } from '@/lib/api-errors';
import { useUpdateProfile } from '../api/update-profile';
import { showToast } from '@/components/ui/toast';

type ProfileField = 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'phoneNumber';
type ProfileValues = Record<ProfileField, string>;

export const PROFILE_SAVED = 'Your profile was saved.';

const MAX_LENGTH: Record<ProfileField, number> = {
  firstName: 50,
  middleName: 50,
  lastName: 50,
  suffix: 10,
  phoneNumber: 20,
};
const REQUIRED: readonly ProfileField[] = ['firstName', 'lastName', 'phoneNumber'];

function initialValues(profile: TProfile): ProfileValues {
  const primary = profile.phoneNumbers.find((phone) => phone.primary) ?? profile.phoneNumbers[0];
  return {
    firstName: profile.name?.firstName ?? '',
    middleName: profile.name?.middleName ?? '',
    lastName: profile.name?.lastName ?? '',
    suffix: profile.name?.suffix ?? '',
    phoneNumber: primary ? formatPhone(primary.number) : '',
  };
}

export function validateProfile(values: ProfileValues): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const field of Object.keys(values) as ProfileField[]) {
    const value = values[field].trim();
    if (!value && REQUIRED.includes(field)) errors[field] = REQUIRED_MESSAGE;
    else if (value.length > MAX_LENGTH[field])
      errors[field] = `Must be at most ${MAX_LENGTH[field]} characters`;
  }
  if (!errors.phoneNumber) {
    const phone = ZPhoneDigits.safeParse(values.phoneNumber);
    if (!phone.success)
      errors.phoneNumber = phone.error.issues[0]?.message ?? 'Please enter a valid phone number';
  }
  return errors;
}

export function ProfileSection({ profile }: { profile: TProfile }) {
  const [values, setValues] = useState(() => initialValues(profile));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();

  const bind = (field: ProfileField) => ({
    id: `settings-${field}`,
    value: values[field],
    error: errors[field],
    required: REQUIRED.includes(field),
    onChange: (event: { currentTarget: { value: string } }) => {
      const next = { ...values, [field]: event.currentTarget.value };
      setValues(next);
      setSaved(false);
      if (errors[field]) setErrors({ ...errors, [field]: validateProfile(next)[field] });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const found = validateProfile(values);
    setErrors(found);
    const first = (Object.keys(values) as ProfileField[]).find((field) => found[field]);
    if (first) {
      document.getElementById(`settings-${first}`)?.focus();
      return;
    }
    const trimmed = (value: string) => value.trim() || undefined;
    update.mutate(
      {
        name: {
          firstName: values.firstName.trim(),
          middleName: trimmed(values.middleName),
          lastName: values.lastName.trim(),
          suffix: trimmed(values.suffix),
        },
        phoneNumber: values.phoneNumber.trim(),
      },
      {
        onSuccess: (next) => {
          setValues(initialValues(next));
          setSaved(true);
          showToast({ message: PROFILE_SAVED, tone: 'success' });
        },
        onError: (error) => {
          // Server field errors (body.name.firstName, body.phoneNumber) land on their fields.
          const mapped: Partial<Record<ProfileField, string>> = {};
          for (const detail of fieldDetails(error)) {
            const field = detail.path.split('.').pop() as ProfileField | undefined;
            if (field && field in values) mapped[field] = detail.message;
          }
          setErrors(mapped);
        },
      },
    );
  };

  return (
    <section aria-labelledby="settings-profile-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} id="settings-profile-title">
            Profile
          </Title>
          <Text>
            Email: <strong>{profile.email}</strong>
          </Text>
          {update.isError && Object.keys(errors).length === 0 ? (
            <Alert color="red" variant="light" role="alert" title="We could not save your profile">
              {errorText(update.error)}
            </Alert>
          ) : null}
          <Group grow align="flex-start">
            <TextInput {...bind('firstName')} label="First name" autoComplete="given-name" />
            <TextInput {...bind('middleName')} label="Middle name" autoComplete="additional-name" />
          </Group>
          <Group grow align="flex-start">
            <TextInput {...bind('lastName')} label="Last name" autoComplete="family-name" />
            <TextInput {...bind('suffix')} label="Suffix" autoComplete="honorific-suffix" />
          </Group>
          <TextInput {...bind('phoneNumber')} label="Mobile phone" type="tel" autoComplete="tel-national" />
          <Group gap="md">
            <Button type="submit" loading={update.isPending}>
              Save profile
            </Button>
            <Text role="status" size="sm">
              {saved ? PROFILE_SAVED : ''}
            </Text>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
