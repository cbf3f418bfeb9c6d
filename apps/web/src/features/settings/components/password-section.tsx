/**
 * Settings: change the password — the current one, and a new one checked live against the strength
 * rule the server enforces. On success the server ends every other sign-in of the account.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { PasswordInput } from '@mantine/core';
import { passwordProblem, REQUIRED_MESSAGE } from '@heloc/domain';
import { PasswordRule } from '@/components/ui/password-rule';
import { useChangePassword } from '../api/change-password';
import { showToast } from '@/components/ui/toast';
import { SectionForm, useSectionForm, type SectionTexts } from './section-form';

type PasswordField = 'currentPassword' | 'newPassword';

export const PASSWORD_CHANGED = 'Your password was changed. You have been signed out everywhere else.';
const TEXTS: SectionTexts = {
  title: 'Password',
  failureTitle: 'We could not change your password',
  submitLabel: 'Change password',
  savedMessage: PASSWORD_CHANGED,
};

export function validatePasswordChange(
  values: Record<PasswordField, string>,
  email: string,
): Partial<Record<PasswordField, string>> {
  const errors: Partial<Record<PasswordField, string>> = {};
  if (!values.currentPassword) errors.currentPassword = REQUIRED_MESSAGE;
  if (!values.newPassword) errors.newPassword = REQUIRED_MESSAGE;
  else {
    const problem = passwordProblem(values.newPassword, email);
    if (problem) errors.newPassword = problem;
  }
  return errors;
}

const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '' };

export function PasswordSection({ email }: { email: string }) {
  const change = useChangePassword();
  const state = useSectionForm<PasswordField>({
    initial: () => EMPTY,
    validate: (values) => validatePasswordChange(values, email),
    required: () => true,
    fieldOf: (path) => path,
  });
  const { values, bind, saved, failed } = state;

  const submit = state.submitWith((input) =>
    change.mutate(input, {
      onSuccess: () => {
        saved(EMPTY);
        showToast({ message: PASSWORD_CHANGED, tone: 'success' });
      },
      onError: failed,
    }),
  );

  return (
    <SectionForm name="password" texts={TEXTS} state={state} onSubmit={submit} mutation={change}>
      <PasswordInput {...bind('currentPassword')} label="Current password" autoComplete="current-password" />
      <PasswordInput
        {...bind('newPassword')}
        label="New password"
        autoComplete="new-password"
        description={<PasswordRule password={values.newPassword} email={email} />}
      />
    </SectionForm>
  );
}
