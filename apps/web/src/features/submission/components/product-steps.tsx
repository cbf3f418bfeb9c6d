/**
 * Around the offer: product/assets (asset depletion, spec 1 §4 product → assetDepletion: the offer is
 * limited by debt-to-income on the stated income, so liquid assets may count as income) and
 * product/prequal-winback (the hard pull found more debt secured by the home, or — Texas, at closing —
 * the valuation report valued the home lower: the line is requalified at a lower amount within the
 * combined loan-to-value cap).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Fieldset.css';
import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import {
  ASSET_TYPE_LABELS,
  ASSET_TYPES,
  formatCurrency,
  formatDollarsInput,
  formatPercentFromBps,
  MAX_DECLARED_ASSETS,
  requalifyForm,
  ZAssetDepletionForm,
  type TAssetDepletionView,
  type TCltvRequalifyView,
} from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import { fieldError, fieldId, ServerError, textFieldProps, useZodForm } from '@/lib/forms';
import {
  acceptRequalify,
  assetDepletionQueryOptions,
  declareAssets,
  requalifyQueryOptions,
} from '../api/submission-api';
import { QueryGate } from '@/components/ui/query-gate';

export const ASSETS_STEP_TITLE = 'Tell Us About Your Assets';
export const WINBACK_STEP_TITLE = 'Your Updated Offer';

export function AssetDepletionStep() {
  const { applicationUuid } = useApplicationFlow();
  const view = useQuery(assetDepletionQueryOptions(applicationUuid));
  return (
    <StepPage title={ASSETS_STEP_TITLE}>
      <QueryGate query={view} label="Loading your figures" errorTitle="We could not load your figures">
        {(data) => <AssetsForm view={data} />}
      </QueryGate>
    </StepPage>
  );
}

const emptyAsset = { type: '' as never, institutionName: '', balance: '' };

function AssetsForm({ view }: { view: TAssetDepletionView }) {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZAssetDepletionForm, {
    defaultValues: { assets: [emptyAsset] },
    serverFieldFor: (path) => path.replace(/^body\./, '').replace(/balanceCents$/, 'balance'),
  });
  const accounts = useFieldArray({ control: form.control, name: 'assets' });
  const submit = onSubmit(async (values) => {
    await declareAssets(applicationUuid, {
      assets: values.assets.map((asset) => ({
        type: asset.type,
        institutionName: asset.institutionName,
        balanceCents: asset.balance,
      })),
    });
    await advance();
  });
  return (
    <>
      <Text>
        Your monthly debts come to {formatPercentFromBps(view.dtiBps)} of the income you told us, above the{' '}
        {formatPercentFromBps(view.dtiCapBps)} we can approve. Your savings and investments can count as
        income too: we spread the balances of your accounts over {view.depletionMonths} months. Add the
        accounts you hold below.
      </Text>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-label="Your accounts"
        className={readable.readable}
      >
        <Stack gap="lg">
          {accounts.fields.map((account, index) => (
            <Fieldset key={account.id} legend={`Account ${index + 1}`}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <NativeSelect
                  label="Account type"
                  data={[
                    { value: '', label: 'Choose…' },
                    ...ASSET_TYPES.map((type) => ({ value: type, label: ASSET_TYPE_LABELS[type] })),
                  ]}
                  {...textFieldProps(form, `assets.${index}.type`, { required: true })}
                />
                <TextInput
                  label="Bank or institution"
                  autoComplete="off"
                  {...textFieldProps(form, `assets.${index}.institutionName`, { required: true })}
                />
                <TextInput
                  label="Current balance"
                  description="In dollars"
                  inputMode="decimal"
                  leftSection="$"
                  {...textFieldProps(form, `assets.${index}.balance`, { required: true })}
                />
              </SimpleGrid>
              {accounts.fields.length > 1 ? (
                // Mantine draws a subtle button's text at shade 6 at most (#fa5252 on white: 3.3:1,
                // below AA); `c` keeps the text at shade 9 (5.4:1), `color` its hover tint.
                <Button
                  variant="subtle"
                  color="red.9"
                  c="red.9"
                  mt="xs"
                  onClick={() => accounts.remove(index)}
                >
                  Remove account {index + 1}
                </Button>
              ) : null}
            </Fieldset>
          ))}
          {fieldError(form, 'assets') ? (
            <Text id={fieldId('assets')} c="red.9" role="alert">
              {fieldError(form, 'assets')}
            </Text>
          ) : null}
          <ServerError>{serverError}</ServerError>
          <Group>
            {accounts.fields.length < MAX_DECLARED_ASSETS ? (
              <Button variant="default" onClick={() => accounts.append(emptyAsset)}>
                Add another account
              </Button>
            ) : null}
            <Button type="submit" loading={submitting || busy}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

export function PrequalWinbackStep() {
  const { applicationUuid } = useApplicationFlow();
  const view = useQuery(requalifyQueryOptions(applicationUuid));
  return (
    <StepPage title={WINBACK_STEP_TITLE}>
      <QueryGate
        query={view}
        label="Loading your updated offer"
        errorTitle="We could not load your updated offer"
      >
        {(data) => <WinbackForm view={data} />}
      </QueryGate>
    </StepPage>
  );
}

function WinbackForm({ view }: { view: TCltvRequalifyView }) {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(
    requalifyForm({ minCents: view.minLineCents, maxCents: view.maxLineCents }),
    {
      defaultValues: { amount: formatDollarsInput(view.maxLineCents) },
      serverFieldFor: (path) => (path === 'body.amountCents' ? 'amount' : null),
    },
  );
  const submit = onSubmit(async (values) => {
    await acceptRequalify(applicationUuid, { amountCents: values.amount });
    await advance();
  });
  const valuation = view.cause === 'VALUATION';
  return (
    <>
      <Text>
        {valuation
          ? 'The valuation of your home came in lower than the estimate your offer was based on'
          : 'Your full credit report shows more debt secured by your home than we found before'}
        , so the line we can offer is lower than the {formatCurrency(view.previousAmountCents)} you chose. You
        can still get a line of up to <strong>{formatCurrency(view.maxLineCents)}</strong> for{' '}
        {view.termYears} years at {formatPercentFromBps(view.rateBps, { decimals: 2 })}.
      </Text>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-label={WINBACK_STEP_TITLE}
        className={readable.readable}
      >
        <Stack gap="md" maw={360}>
          <TextInput
            label="Initial draw amount"
            description={`From ${formatCurrency(view.minLineCents)} to ${formatCurrency(view.maxLineCents)}`}
            inputMode="decimal"
            leftSection="$"
            {...textFieldProps(form, 'amount', { required: true })}
          />
          <ServerError>{serverError}</ServerError>
          <Button type="submit" loading={submitting || busy} w="fit-content">
            {valuation ? 'Accept and continue' : 'Accept and submit'}
          </Button>
        </Stack>
      </form>
    </>
  );
}
