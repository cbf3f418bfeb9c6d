/**
 * The sign-in form of /auth/login: e-mail and password, and the 6-digit code once the server says
 * two-factor is on. Field rules come from the domain's login schema ("Required", a valid e-mail);
 * server failures show inline as the combined error text (spec 2 §8).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ZLoginRequest } from '@heloc/domain';
import type { TLoginRequest } from '@heloc/domain';
import { useAfterRender } from '@/hooks/use-after-render';
import { errorDetailsObject, errorText } from '@/lib/api-errors';
import { useLogin } from './login';

type LoginField = 'email' | 'password' | 'totpCode';
type LoginErrors = Partial<Record<LoginField, string>>;

interface LoginFormProps {
  /** Called with the new token once the server accepts the credentials. */
  onSignedIn: (jwt: string) => void;
}

const inputId = (field: LoginField) => `login-${field}`;
/** Focuses the field; false when it is not on screen (yet). */
const focusInput = (field: LoginField): boolean => {
  const input = document.getElementById(inputId(field));
  input?.focus();
  return input !== null;
};

function validate(values: Record<LoginField, string>, needsCode: boolean): LoginErrors {
  const input: Partial<TLoginRequest> = { email: values.email, password: values.password };
  const errors: LoginErrors = {};
  const parsed = ZLoginRequest.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (needsCode) {
    const code = values.totpCode.trim();
    if (!code) errors.totpCode = 'Required';
    else if (!/^\d{6}$/.test(code)) errors.totpCode = 'Enter the 6-digit code';
  }
  return errors;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '', totpCode: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [needsCode, setNeedsCode] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const login = useLogin();
  const afterRender = useAfterRender();

  const change = (field: LoginField) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field that showed an error re-checks as the person types, so the message goes once it is fixed.
    if (errors[field]) setErrors({ ...errors, [field]: validate(next, needsCode)[field] });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values, needsCode);
    setErrors(found);
    setServerError(null);
    const first = (['email', 'password', 'totpCode'] as const).find((field) => found[field]);
    if (first) {
      focusInput(first);
      return;
    }
    const body: TLoginRequest = {
      email: values.email,
      password: values.password,
      ...(needsCode ? { totpCode: values.totpCode.trim() } : {}),
    };
    login.mutate(body, {
      onSuccess: ({ jwt }) => onSignedIn(jwt),
      onError: (error) => {
        setServerError(errorText(error));
        if (errorDetailsObject(error)?.twoFactorRequired === true) {
          setNeedsCode(true);
          // The field appears with this render: focus it once React has drawn it.
          afterRender(() => focusInput('totpCode'));
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <Stack gap="md">
        {serverError ? (
          <Alert color="red" variant="light" role="alert" title="We could not log you in">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          id={inputId('email')}
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={values.email}
          onChange={(event) => change('email')(event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          id={inputId('password')}
          label="Password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => change('password')(event.currentTarget.value)}
          error={errors.password}
        />
        {needsCode ? (
          <TextInput
            id={inputId('totpCode')}
            label="6-digit code"
            description="From your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={values.totpCode}
            onChange={(event) => change('totpCode')(event.currentTarget.value)}
            error={errors.totpCode}
          />
        ) : null}
        <Button type="submit" loading={login.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
