/**
 * Accounts (spec 1 §2 {uuid}/bank): where the line is paid out (a linked account, or routing and
 * account number with the ABA checksum checked here and on the server), the bank-linking success page
 * (bank/confirm), and how the borrower repays (AUTOPAY from an account, or MANUAL). Account numbers
 * are only ever shown masked to their last 4.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Radio.css';
import { Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  canReceivePayments,
  formatMaskedAccount,
  REQUIRED_MESSAGE,
  ZBankAccountForm,
  type TBankAccountFormInput,
  type TBankAccountView,
  type TLinkedAccount,
} from '@heloc/domain';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import {
  Controller,
  fieldError,
  fieldId,
  ServerError,
  textFieldProps,
  useAction,
  useZodForm,
} from '@/lib/forms';
import type { ZodForm } from '@/lib/forms';
import { bankAccountsQueryOptions, closingApi, incomeLinkQueryOptions } from '../api/closing-api';
import { QueryGate } from '@/components/ui/query-gate';
import { Facts, LOAD_FAILED_TITLE, useGoAfterWrite } from './common';
import { LinkModal, type LinkResult } from './link-modal';

const ACCOUNT_TYPE_LABEL = { CHECKING: 'Checking', SAVINGS: 'Savings' } as const;

export function accountLabel(account: { accountType?: string; type?: string; mask: string; name?: string }) {
  const kind = account.name ?? (account.accountType === 'SAVINGS' ? 'Savings' : 'Checking');
  return `${kind} ${formatMaskedAccount(account.mask)}`;
}

/** Routing, account, account again, and the account type: one field set for both account forms. */
function AccountFields({ form }: { form: ZodForm<TBankAccountFormInput, unknown>['form'] }) {
  return (
    <>
      <TextInput
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        {...textFieldProps(form, 'routingNumber', { required: true })}
      />
      <TextInput
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        {...textFieldProps(form, 'accountNumber', { required: true })}
      />
      <TextInput
        label="Confirm account number"
        inputMode="numeric"
        autoComplete="off"
        {...textFieldProps(form, 'confirmAccountNumber', { required: true })}
      />
      <Controller
        control={form.control}
        name="accountType"
        render={({ field }) => (
          <Radio.Group
            label="Account type"
            id={fieldId('accountType')}
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldError(form, 'accountType')}
            withAsterisk
          >
            <Group mt="xs">
              <Radio value="CHECKING" label="Checking" />
              <Radio value="SAVINGS" label="Savings" />
            </Group>
          </Radio.Group>
        )}
      />
    </>
  );
}

const EMPTY_ACCOUNT = {
  routingNumber: '',
  accountNumber: '',
  confirmAccountNumber: '',
  accountType: 'CHECKING',
} as const satisfies TBankAccountFormInput;

export function BankDisburse() {
  const { applicationUuid } = useApplicationFlow();
  const goAfterWrite = useGoAfterWrite();
  const [opened, setOpened] = useState(false);
  const [linked, setLinked] = useState<LinkResult | null>(null);
  const [accountId, setAccountId] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const saving = useAction();

  async function saveAccount() {
    if (!linked) return;
    if (!accountId) {
      setChoiceError(REQUIRED_MESSAGE);
      return;
    }
    setChoiceError(null);
    await saving.run(async () => {
      await closingApi.disburseLinked(applicationUuid, { publicToken: linked.publicToken, accountId });
      await goAfterWrite('bank/confirm');
    });
  }

  const bankAccounts =
    linked?.accounts.filter((account: TLinkedAccount) => canReceivePayments(account)) ?? [];
  return (
    <StepPage
      title="Where should we send your funds?"
      lead="Choose the account your line of credit is paid into. Link it securely, or enter its routing and account number."
    >
      {linked ? (
        <Stack gap="md">
          <Radio.Group
            label={`Accounts at ${linked.institutionName}`}
            value={accountId}
            onChange={setAccountId}
            error={choiceError}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {bankAccounts.map((account) => (
                <Radio key={account.accountId} value={account.accountId} label={accountLabel(account)} />
              ))}
            </Stack>
          </Radio.Group>
          <ServerError>{saving.error}</ServerError>
          <Group>
            <Button onClick={() => void saveAccount()} loading={saving.pending}>
              Use this account
            </Button>
            <Button variant="default" onClick={() => setOpened(true)}>
              Link another account
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <IncomeLinkChoice />
          <Group>
            <Button onClick={() => setOpened(true)}>Link bank account</Button>
            <Button
              component={Link}
              to={destinationPath(applicationUuid, 'bank/manual-disburse')}
              variant="outline"
            >
              Enter account details
            </Button>
          </Group>
        </Stack>
      )}
      <LinkModal
        applicationUuid={applicationUuid}
        kind="BANK"
        opened={opened}
        onClose={() => setOpened(false)}
        onLinked={(result) => {
          setLinked(result);
          setAccountId(result.accounts.find(canReceivePayments)?.accountId ?? '');
          setOpened(false);
        }}
      />
    </StepPage>
  );
}

/**
 * The bank the borrower linked for their income, offered first so they need not link it again (issue
 * 19): one button per account of it that can receive payments. The server takes the account from the
 * stored link; the browser only names which one. Nothing shows while it loads or when there is none.
 */
function IncomeLinkChoice() {
  const { applicationUuid } = useApplicationFlow();
  const goAfterWrite = useGoAfterWrite();
  const headingId = useId();
  const incomeLink = useQuery(incomeLinkQueryOptions(applicationUuid));
  const saving = useAction();
  const [pending, setPending] = useState<string | null>(null);
  const link = incomeLink.data?.link;
  if (!link) return null;
  const use = (accountId: string) => {
    setPending(accountId);
    void saving.run(async () => {
      await closingApi.disburseIncomeLink(applicationUuid, { accountId });
      await goAfterWrite('bank/confirm');
    });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id={headingId}>
          The bank you linked for your income
        </Title>
        <Text size="sm">
          You linked {link.institutionName} when we verified your income. No need to link it again.
        </Text>
        {link.accounts.map((account) => (
          <Button
            key={account.accountId}
            onClick={() => use(account.accountId)}
            loading={saving.pending && pending === account.accountId}
            disabled={saving.pending && pending !== account.accountId}
            // The label (bank, account, mask) wraps on a phone instead of running past the edge. Inline, not
            // a CSS module shared with another feature: that would be one more chunk every screen maps.
            styles={{
              root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%' },
              inner: { height: 'auto', paddingBlock: '0.375rem' },
              label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'start' },
            }}
          >
            Use the account you linked: {link.institutionName} {accountLabel(account)}
          </Button>
        ))}
        <ServerError>{saving.error}</ServerError>
        <Text size="sm">Or send your funds to another account:</Text>
      </Stack>
    </Paper>
  );
}

export function BankManualDisburse() {
  const { applicationUuid } = useApplicationFlow();
  const goAfterWrite = useGoAfterWrite();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZBankAccountForm, {
    defaultValues: EMPTY_ACCOUNT,
  });
  return (
    <StepPage
      title="Enter your account details"
      lead="You find the routing and account number on a check or in your bank's app."
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit(async ({ routingNumber, accountNumber, accountType }) => {
          await closingApi.disburseManual(applicationUuid, { routingNumber, accountNumber, accountType });
          await goAfterWrite('bank/confirm');
        })}
      >
        <Stack gap="md" maw={480}>
          <AccountFields form={form} />
          <ServerError>{serverError}</ServerError>
          <Group>
            <Button type="submit" loading={submitting}>
              Save account
            </Button>
            <Button component={Link} to={destinationPath(applicationUuid, 'bank/disburse')} variant="default">
              Back
            </Button>
          </Group>
        </Stack>
      </form>
    </StepPage>
  );
}

function AccountFacts({ account }: { account: TBankAccountView }) {
  return (
    <Facts
      items={[
        ['Bank', account.bankName ?? 'Entered by you'],
        ['Account type', ACCOUNT_TYPE_LABEL[account.accountType]],
        ['Routing number', account.routingNumber],
        ['Account number', formatMaskedAccount(account.mask)],
        [
          'Verification',
          account.verificationStatus === 'VERIFIED'
            ? 'Verified'
            : account.verificationStatus === 'PENDING_REVIEW'
              ? 'Under review'
              : 'Checking…',
        ],
      ]}
    />
  );
}

/** bank/confirm, the bank-linking success page: the disbursement account, masked; then repayment. */
export function BankConfirm() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const accounts = useQuery(bankAccountsQueryOptions(applicationUuid));
  return (
    <StepPage title="Your account is linked" lead="We will send your funds to this account.">
      <QueryGate query={accounts} label="Loading your account" errorTitle={LOAD_FAILED_TITLE}>
        {(view) =>
          view.disburseAccount ? (
            <Stack gap="md">
              <AccountFacts account={view.disburseAccount} />
              <Group>
                <Button onClick={() => void advance()} loading={busy}>
                  Continue
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text>No account yet.</Text>
          )
        }
      </QueryGate>
    </StepPage>
  );
}

const ZAutopayChoice = z.object({
  payType: z.enum(['SAME', 'OTHER', 'MANUAL'], { error: REQUIRED_MESSAGE }),
});

export function BankAutopay() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const accounts = useQuery(bankAccountsQueryOptions(applicationUuid));
  const [choice, setChoice] = useState<'SAME' | 'OTHER' | 'MANUAL' | ''>('SAME');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const other = useZodForm(ZBankAccountForm, { defaultValues: EMPTY_ACCOUNT });
  const saving = useAction();

  const save = (body: Parameters<typeof closingApi.autopay>[1]) =>
    saving.run(async () => {
      await closingApi.autopay(applicationUuid, body);
      await advance();
    });

  const submitOther = other.onSubmit(async ({ routingNumber, accountNumber, accountType }) => {
    await closingApi.autopay(applicationUuid, {
      payType: 'AUTOPAY',
      routingNumber,
      accountNumber,
      accountType,
    });
    await advance();
  });

  return (
    <StepPage
      title="How would you like to repay?"
      lead="With autopay your monthly payment is drawn automatically on its due date. You can also pay each month yourself."
    >
      <QueryGate query={accounts} label="Loading your accounts" errorTitle={LOAD_FAILED_TITLE}>
        {(view) => (
          <form
            ref={other.formRef}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const parsed = ZAutopayChoice.safeParse({ payType: choice });
              if (!parsed.success) {
                setChoiceError(REQUIRED_MESSAGE);
                return;
              }
              setChoiceError(null);
              if (choice === 'OTHER') void submitOther(event);
              else if (choice === 'MANUAL') void save({ payType: 'MANUAL' });
              else void save({ payType: 'AUTOPAY' });
            }}
          >
            <Stack gap="md" maw={520}>
              <Radio.Group
                label="Repayment"
                value={choice}
                onChange={(value) => setChoice(value as typeof choice)}
                error={choiceError}
                withAsterisk
              >
                <Stack gap="xs" mt="xs">
                  {view.disburseAccount ? (
                    <Radio value="SAME" label={`Autopay from ${accountLabel(view.disburseAccount)}`} />
                  ) : null}
                  <Radio value="OTHER" label="Autopay from another account" />
                  <Radio value="MANUAL" label="I will pay each month myself" />
                </Stack>
              </Radio.Group>
              {choice === 'OTHER' ? <AccountFields form={other.form} /> : null}
              <ServerError>{saving.error ?? other.serverError}</ServerError>
              <Group>
                <Button type="submit" loading={saving.pending || other.submitting || busy}>
                  Continue
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </QueryGate>
    </StepPage>
  );
}
