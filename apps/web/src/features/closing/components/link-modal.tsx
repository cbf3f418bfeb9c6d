/**
 * The account-link widget (bank or payroll) in a modal: the institution picker, the credentials and,
 * when the institution asks, a one-time code. In the sandbox the server lists its institutions and
 * their test credentials, which the modal shows; a production aggregator's hosted widget takes this
 * place. Starting a link remembers the application id (heloc_uuid) for the OAuth return page.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Group, Modal, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/PasswordInput.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { HELOC_UUID_STORAGE_KEY, type TLinkedAccount, type TLinkKind } from '@heloc/domain';
import { errorText } from '@/lib/api-errors';
import { closingApi } from '../api/closing-api';
import { QueryFailure, QueryLoading } from '@/components/ui/query-gate';
import readable from '@/components/ui/readable-form.module.css';
import { LOAD_FAILED_TITLE } from './common';

export interface LinkResult {
  publicToken: string;
  institutionName: string;
  accounts: TLinkedAccount[];
}

interface LinkModalProps {
  applicationUuid: string;
  kind: TLinkKind;
  opened: boolean;
  onClose: () => void;
  onLinked: (result: LinkResult) => void | Promise<void>;
}

const KIND_TEXT: Record<TLinkKind, { title: string; institution: string }> = {
  BANK: { title: 'Link your bank account', institution: 'Choose your bank' },
  PAYROLL: { title: 'Link your payroll account', institution: 'Choose your payroll provider' },
};

export function LinkModal({ applicationUuid, kind, opened, onClose, onLinked }: LinkModalProps) {
  const token = useQuery({
    queryKey: ['link-token', applicationUuid.toLowerCase(), kind],
    queryFn: () => {
      try {
        localStorage.setItem(HELOC_UUID_STORAGE_KEY, applicationUuid);
      } catch {
        // Storage may be off (private mode); only the OAuth return page needs it.
      }
      return closingApi.linkToken(applicationUuid, kind);
    },
    enabled: opened,
    staleTime: 5 * 60_000,
  });
  const [stage, setStage] = useState<'institution' | 'credentials' | 'mfa'>('institution');
  const [institutionId, setInstitutionId] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const [prompt, setPrompt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const text = KIND_TEXT[kind];

  async function authenticate(event: FormEvent) {
    event.preventDefault();
    if (!token.data) return;
    if (stage === 'credentials' && (!username.trim() || !password)) {
      setFieldError('Required');
      return;
    }
    if (stage === 'mfa' && !mfaCode.trim()) {
      setFieldError('Required');
      return;
    }
    setFieldError(null);
    setError(null);
    setWorking(true);
    try {
      const result = await closingApi.authenticateLink(applicationUuid, {
        linkToken: token.data.linkToken,
        institutionId,
        username: username.trim(),
        password,
        mfaCode: stage === 'mfa' ? mfaCode.trim() : null,
      });
      if (result.outcome === 'SUCCESS') {
        await onLinked(result);
        return;
      }
      setPrompt(result.prompt);
      if (result.outcome === 'MFA_INCORRECT') setError(result.prompt);
      setMfaCode('');
      setStage('mfa');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setWorking(false);
    }
  }

  const institutions = token.data?.institutions ?? [];
  const credentials = token.data?.sandboxCredentials;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.title}
      centered
      size="md"
      // In a portal, outside the step page's readable colours: its field errors need them too (4.5:1).
      className={readable.readable}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {token.isPending ? (
        <QueryLoading label="Connecting" />
      ) : !token.data ? (
        <QueryFailure error={token.error} retry={() => void token.refetch()} title={LOAD_FAILED_TITLE} />
      ) : stage === 'institution' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!institutionId) {
              setFieldError('Required');
              return;
            }
            setFieldError(null);
            setStage('credentials');
          }}
        >
          <Stack gap="md">
            <Radio.Group
              label={text.institution}
              value={institutionId}
              onChange={setInstitutionId}
              error={fieldError}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {institutions.map((institution) => (
                  <Radio
                    key={institution.institutionId}
                    value={institution.institutionId}
                    label={institution.name}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Continue</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void authenticate(event)}>
          <Stack gap="md">
            {stage === 'credentials' ? (
              <>
                <Text size="sm">
                  Sign in to {institutions.find((each) => each.institutionId === institutionId)?.name}. Your
                  credentials go to the institution only.
                </Text>
                {credentials ? (
                  <Alert variant="light" color="gray" title="Sandbox">
                    Test credentials: username <strong>{credentials.username}</strong>, password{' '}
                    <strong>{credentials.password}</strong> (or username{' '}
                    <strong>{credentials.mfaUsername}</strong> to be asked for a code).
                  </Alert>
                ) : null}
                <TextInput
                  label="Username"
                  autoComplete="off"
                  value={username}
                  onChange={(event) => setUsername(event.currentTarget.value)}
                  error={fieldError && !username.trim() ? fieldError : undefined}
                  withAsterisk
                />
                <PasswordInput
                  label="Password"
                  visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
                  autoComplete="off"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  error={fieldError && !password ? fieldError : undefined}
                  withAsterisk
                />
              </>
            ) : (
              <>
                <Text size="sm">{prompt}</Text>
                {credentials ? (
                  <Alert variant="light" color="gray" title="Sandbox">
                    Test code: <strong>{credentials.mfaCode}</strong>
                  </Alert>
                ) : null}
                <TextInput
                  label="Verification code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  value={mfaCode}
                  onChange={(event) => setMfaCode(event.currentTarget.value)}
                  error={fieldError ?? undefined}
                  withAsterisk
                />
              </>
            )}
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setError(null);
                  setStage(stage === 'mfa' ? 'credentials' : 'institution');
                }}
              >
                Back
              </Button>
              <Button type="submit" loading={working}>
                {stage === 'mfa' ? 'Verify' : 'Sign in'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
