/**
 * Settings: two-factor authentication. Turning it on shows the secret and the otpauth URI to enter
 * into an authenticator app by hand, then a 6-digit code from the app confirms it; turning it off
 * takes a current code too.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { REQUIRED_MESSAGE } from '@heloc/domain';
import type { TIdentityUser } from '@heloc/domain';
import { errorText, fieldDetails } from '@/lib/api-errors';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import type { TTwoFactorSetup } from '../api/setup-two-factor';
import { showToast } from '@/components/ui/toast';

export const TWO_FACTOR_ON = 'Two-factor authentication is on.';
export const TWO_FACTOR_OFF = 'Two-factor authentication is off.';

export function codeProblem(code: string): string | null {
  const trimmed = code.trim();
  if (!trimmed) return REQUIRED_MESSAGE;
  return /^\d{6}$/.test(trimmed) ? null : 'Enter the 6-digit code';
}

export function TwoFactorSection({ identity }: { identity: TIdentityUser }) {
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const start = useSetupTwoFactor();

  return (
    <section aria-labelledby="settings-2fa-title">
      <Stack gap="md">
        <Title order={2} id="settings-2fa-title">
          Two-factor authentication
        </Title>
        <Text>{identity.twoFactorEnabled ? TWO_FACTOR_ON : TWO_FACTOR_OFF}</Text>
        {identity.twoFactorEnabled ? (
          <CodeForm kind="disable" />
        ) : setup ? (
          <>
            <Text>
              In your authenticator app, add an account by hand with this secret key, or with the setup URI:
            </Text>
            <dl>
              <dt>Secret key</dt>
              <dd>
                <Code>{setup.secret}</Code>
              </dd>
              <dt>Setup URI</dt>
              <dd>
                <Code block>{setup.otpauthUri}</Code>
              </dd>
            </dl>
            <CodeForm kind="enable" onDone={() => setSetup(null)} onCancel={() => setSetup(null)} />
          </>
        ) : (
          <>
            {start.isError ? (
              <Alert color="red" variant="light" role="alert" title="We could not start the set-up">
                {errorText(start.error)}
              </Alert>
            ) : null}
            <Button
              w="fit-content"
              loading={start.isPending}
              onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
            >
              Turn on two-factor authentication
            </Button>
          </>
        )}
      </Stack>
    </section>
  );
}

interface CodeFormProps {
  kind: 'enable' | 'disable';
  onDone?: () => void;
  onCancel?: () => void;
}

function CodeForm({ kind, onDone, onCancel }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const mutation = kind === 'enable' ? enable : disable;
  const inputId = `settings-2fa-${kind}-code`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = codeProblem(code);
    setError(problem);
    if (problem) {
      document.getElementById(inputId)?.focus();
      return;
    }
    mutation.mutate(code.trim(), {
      onSuccess: () => {
        setCode('');
        showToast({ message: kind === 'enable' ? TWO_FACTOR_ON : TWO_FACTOR_OFF, tone: 'success' });
        onDone?.();
      },
      onError: (failure) => setError(fieldDetails(failure)[0]?.message ?? errorText(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          id={inputId}
          label="6-digit code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (error) setError(codeProblem(event.currentTarget.value));
          }}
          error={error}
        />
        <Group gap="sm">
          <Button type="submit" loading={mutation.isPending}>
            {kind === 'enable' ? 'Confirm and turn on' : 'Turn off two-factor authentication'}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
