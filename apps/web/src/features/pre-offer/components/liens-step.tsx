/**
 * liens (spec 1 §2, §4 lien verification): the loans found secured by the home, with their balances;
 * the borrower confirms them or corrects a balance, and attests to recent credit inquiries when the
 * status asks. Confirming starts underwriting and pricing.
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Checkbox, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCurrency, lienReviewForm } from '@heloc/domain';
import type { TLiensResponse } from '@heloc/domain';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import { checkboxProps, ServerError, textFieldProps, useZodForm } from '@/lib/forms';
import { confirmLiens, liensQueryOptions } from '../api/engine';
import { QueryGate } from '@/components/ui/query-gate';

export const LIENS_TITLE = 'Confirm the loans on your home';
export const INQUIRY_ATTESTATION_LABEL =
  'I confirm that the recent credit inquiries on my credit report did not lead to any new loan or debt that is not shown here';

const ordinal = (position: number) =>
  position === 1 ? '1st' : position === 2 ? '2nd' : position === 3 ? '3rd' : `${position}th`;

export function LiensStep() {
  const { applicationUuid } = useApplicationFlow();
  const liens = useQuery(liensQueryOptions(applicationUuid));
  return (
    <StepPage
      title={LIENS_TITLE}
      lead="These are the loans we found secured by your home. Check each balance: together with your home's value they decide how much you can borrow."
    >
      <QueryGate query={liens} label="Loading the loans on your home">
        {(data) => <LiensForm data={data} />}
      </QueryGate>
    </StepPage>
  );
}

function LiensForm({ data }: { data: TLiensResponse }) {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(
    lienReviewForm({ attestNeeded: data.inquiryAttestNeeded }),
    {
      defaultValues: {
        liens: data.liens.map((lien) => ({ uuid: lien.uuid, correcting: false, balance: '' })),
        inquiryAttestation: false,
      },
    },
  );
  const correcting = form.watch('liens');
  const submit = onSubmit(async (body) => {
    await confirmLiens(applicationUuid, body);
    await advance();
  });

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={LIENS_TITLE}>
      <Stack gap="md">
        {data.liens.length === 0 ? (
          <Text>We found no loans secured by your home.</Text>
        ) : (
          <ul aria-label="Loans secured by your home" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.liens.map((lien, index) => (
              <li key={lien.uuid} style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
                <Paper withBorder p="md" radius="md">
                  <Stack gap="xs">
                    <Title order={2} size="h4">
                      {lien.lenderName}
                    </Title>
                    <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" spacing="xs" m={0}>
                      <div>
                        <Text component="dt" size="sm" c="dimmed">
                          Position
                        </Text>
                        <Text component="dd" m={0}>
                          {ordinal(lien.position)} lien
                        </Text>
                      </div>
                      <div>
                        <Text component="dt" size="sm" c="dimmed">
                          Balance
                        </Text>
                        <Text component="dd" m={0}>
                          {formatCurrency(lien.balanceCents)}
                          {lien.source === 'BORROWER' ? ' (your correction)' : ''}
                        </Text>
                      </div>
                      <div>
                        <Text component="dt" size="sm" c="dimmed">
                          Monthly payment
                        </Text>
                        <Text component="dd" m={0}>
                          {lien.monthlyPaymentCents === null
                            ? 'Not reported'
                            : formatCurrency(lien.monthlyPaymentCents)}
                        </Text>
                      </div>
                    </SimpleGrid>
                    <Checkbox
                      label={`The balance of ${lien.lenderName} is not right`}
                      {...checkboxProps(form, `liens.${index}.correcting`)}
                    />
                    {correcting[index]?.correcting ? (
                      <TextInput
                        label={`Current balance of ${lien.lenderName}`}
                        description="In dollars, from your latest statement"
                        inputMode="decimal"
                        leftSection="$"
                        maw={280}
                        {...textFieldProps(form, `liens.${index}.balance`, { required: true })}
                      />
                    ) : null}
                  </Stack>
                </Paper>
              </li>
            ))}
          </ul>
        )}
        {data.inquiryAttestNeeded ? (
          <Checkbox label={INQUIRY_ATTESTATION_LABEL} {...checkboxProps(form, 'inquiryAttestation')} />
        ) : null}
        <ServerError>{serverError}</ServerError>
        <Button type="submit" loading={submitting || busy} w="fit-content">
          Confirm and see my offers
        </Button>
      </Stack>
    </form>
  );
}
