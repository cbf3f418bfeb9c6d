/**
 * The valuation (BPO) screens, the holds while a third party works (valuation, payoff, flood
 * certificate), each polling the status so the borrower moves on when it changes.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCurrency, REQUIRED_MESSAGE, VALUATION_FEE_CENTS, ZEstimateValueForm } from '@heloc/domain';
import { destinationPath, StepPage, useApplicationFlow } from '@/platform/application-flow';
import { ServerError, textFieldProps, useAction, useZodForm } from '@/lib/forms';
import { closingApi } from '../api/closing-api';
import { useStatusPolling } from './common';

const VALUATION_FEE = formatCurrency(VALUATION_FEE_CENTS);

/** bpo/condition (Texas): why a valuation is ordered before closing. */
export function BpoCondition() {
  const { applicationUuid } = useApplicationFlow();
  return (
    <StepPage
      title="Your home needs a valuation"
      lead="For a home equity loan on a Texas home, the law requires a valuation of the home by a licensed professional before closing."
    >
      <Text>
        A broker price opinion (BPO) gives us that value. It usually takes two to three business days.
      </Text>
      <Group>
        <Button component={Link} to={destinationPath(applicationUuid, 'bpo/order-bpo')}>
          Continue
        </Button>
      </Group>
    </StepPage>
  );
}

export function BpoOrder() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const ordering = useAction();
  async function order() {
    if (!consent) {
      setConsentError(REQUIRED_MESSAGE);
      return;
    }
    await ordering.run(async () => {
      await closingApi.orderBpo(applicationUuid, VALUATION_FEE_CENTS);
      await advance();
    });
  }
  return (
    <StepPage
      title="Order your home valuation"
      lead={`We could not value your home automatically, so we order a valuation (broker price opinion). It costs ${VALUATION_FEE}.`}
    >
      <Stack gap="md" maw={560}>
        <Checkbox
          label={`I agree to pay the ${VALUATION_FEE} valuation fee`}
          checked={consent}
          onChange={(event) => {
            setConsent(event.currentTarget.checked);
            setConsentError(null);
          }}
          error={consentError}
        />
        <ServerError>{ordering.error}</ServerError>
        <Group>
          <Button onClick={() => void order()} loading={ordering.pending || busy}>
            Order valuation
          </Button>
        </Group>
      </Stack>
    </StepPage>
  );
}

export function BpoEstimateValue() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZEstimateValueForm, {
    defaultValues: { estimatedValue: '' },
  });
  return (
    <StepPage
      title="What is your home worth?"
      lead="We could not find an automated value for your home. Tell us what you think it is worth; a valuation confirms it."
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit(async ({ estimatedValue }) => {
          await closingApi.estimateValue(applicationUuid, estimatedValue);
          await advance();
        })}
      >
        <Stack gap="md" maw={400}>
          <TextInput
            label="Estimated home value"
            leftSection="$"
            inputMode="numeric"
            {...textFieldProps(form, 'estimatedValue', { required: true })}
          />
          <ServerError>{serverError}</ServerError>
          <Group>
            <Button type="submit" loading={submitting || busy}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </StepPage>
  );
}

function Hold({ title, lead }: { title: string; lead: string }) {
  useStatusPolling(30_000);
  return (
    <StepPage title={title} lead={lead}>
      <Text size="sm" role="status">
        This page updates by itself. You can also leave and come back later; we e-mail you when it is done.
      </Text>
    </StepPage>
  );
}

export const BpoWaiting = () => (
  <Hold
    title="Your valuation is ordered"
    lead="A licensed professional is scheduling a visit to value your home. This usually takes two to three business days."
  />
);
export const BpoHold = () => (
  <Hold
    title="Your home valuation is in progress"
    lead="We are waiting for the valuation of your home. This usually takes two to three business days."
  />
);
export const PayoffHold = () => (
  <Hold
    title="We are confirming your payoff"
    lead="We are waiting for the payoff statement of your current lien."
  />
);
export const FloodCertError = () => (
  <Hold
    title="We are waiting for your flood certificate"
    lead="The flood zone determination for your home needs more research. Your documents are prepared as soon as it arrives."
  />
);
