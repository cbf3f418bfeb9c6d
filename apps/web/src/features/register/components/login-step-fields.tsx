/**
 * The last registration step's inputs: the password with its live strength rule, and accepting the
 * terms and electronic communications. Its own chunk (password field, checkbox): loaded when the step
 * shows or the browser is idle, so the first step's screen stays small.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, PasswordInput, Stack } from '@mantine/core';
import { PasswordRule } from '@/components/ui/password-rule';
import { paths } from '@/config/paths';
import { fieldId } from '../registration-form';
import type { StepFieldsProps } from './register-fields';

type LoginStepFieldsProps = Pick<StepFieldsProps, 'values' | 'errors' | 'onChange'>;

export default function LoginStepFields({ values, errors, onChange }: LoginStepFieldsProps) {
  return (
    <Stack gap="md">
      <PasswordInput
        id={fieldId('password')}
        value={values.password}
        onChange={(event) => onChange('password', event.currentTarget.value)}
        error={errors.password}
        required
        label="Create a password"
        autoComplete="new-password"
        description={<PasswordRule password={values.password} email={values.email} />}
      />
      <Checkbox
        id={fieldId('acceptedTerms')}
        checked={values.acceptedTerms}
        onChange={(event) => onChange('acceptedTerms', event.currentTarget.checked)}
        error={errors.acceptedTerms}
        required
        label="I accept the Terms of Use and agree to receive electronic communications"
        description={
          <>
            Read the <a href={paths.host.page.getHref('terms')}>Terms of Use</a> and the{' '}
            <a href={paths.host.page.getHref('communications')}>Electronic Communications consent</a>.
          </>
        }
      />
    </Stack>
  );
}
