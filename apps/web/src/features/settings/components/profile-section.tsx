/** Settings: the borrower's name and mobile phone (PATCH profile); e-mail is shown, not edited here. */
import '@/components/ui/form-styles';
import { Group, Text, TextInput } from '@mantine/core';
import { formatPhone, REQUIRED_MESSAGE, ZPhoneDigits } from '@heloc/domain';
import type { TProfile } from '@heloc/domain';
import { useUpdateProfile } from '../api/update-profile';
import { showToast } from '@/components/ui/toast';
import { SectionForm, useSectionForm, type SectionTexts } from './section-form';

type ProfileField = 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'phoneNumber';
type ProfileValues = Record<ProfileField, string>;

export const PROFILE_SAVED = 'Your profile was saved.';
const TEXTS: SectionTexts = {
  title: 'Profile',
  failureTitle: 'We could not save your profile',
  submitLabel: 'Save profile',
  savedMessage: PROFILE_SAVED,
};

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
  const update = useUpdateProfile();
  const state = useSectionForm<ProfileField>({
    initial: () => initialValues(profile),
    validate: validateProfile,
    required: (field) => REQUIRED.includes(field),
    // Server field errors (body.name.firstName, body.phoneNumber) land on their fields.
    fieldOf: (path) => path.split('.').pop(),
  });
  const { bind, saved, failed } = state;

  const submit = state.submitWith((values) => {
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
          saved(initialValues(next));
          showToast({ message: PROFILE_SAVED, tone: 'success' });
        },
        onError: failed,
      },
    );
  });

  return (
    <SectionForm
      name="profile"
      texts={TEXTS}
      intro={
        <Text>
          Email: <strong>{profile.email}</strong>
        </Text>
      }
      state={state}
      onSubmit={submit}
      mutation={update}
    >
      <Group grow align="flex-start">
        <TextInput {...bind('firstName')} label="First name" autoComplete="given-name" />
        <TextInput {...bind('middleName')} label="Middle name" autoComplete="additional-name" />
      </Group>
      <Group grow align="flex-start">
        <TextInput {...bind('lastName')} label="Last name" autoComplete="family-name" />
        <TextInput {...bind('suffix')} label="Suffix" autoComplete="honorific-suffix" />
      </Group>
      <TextInput {...bind('phoneNumber')} label="Mobile phone" type="tel" autoComplete="tel-national" />
    </SectionForm>
  );
}
