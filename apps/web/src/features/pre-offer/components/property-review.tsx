/**
 * review-app/property (spec 1 §4 "no or multiple properties"): several homes of record matched the
 * borrower, who chooses one (the lookup then runs again); or none did, and the flow stops for a review.
 */
import { OrgSupportContacts } from '@/platform/org';
import '@/components/ui/form-styles';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { formatAddress, requiredString } from '@heloc/domain';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import { RadioGroupField, ServerError, useZodForm } from '@/lib/forms';
import { chooseProperty, propertiesQueryOptions } from '../api/engine';
import { QueryGate } from '@/components/ui/query-gate';

export const MULTIPLE_PROPERTIES_TITLE = 'Which home is this for?';
export const NO_PROPERTY_TITLE = 'We could not find your home';

const ZChoice = z.object({ propertyId: requiredString() });

export function PropertyReview({ statusName }: { statusName: string }) {
  return statusName === 'MULTIPLE_PROPERTIES' ? <ChooseProperty /> : <NoProperty />;
}

function NoProperty() {
  return (
    <StepPage title={NO_PROPERTY_TITLE}>
      <Text>
        We could not find public property records that show a home at your address owned in your name. Our
        team needs to check the property with you before we can continue.
      </Text>
      <OrgSupportContacts lead="Please contact us to continue:" />
    </StepPage>
  );
}

function ChooseProperty() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const properties = useQuery(propertiesQueryOptions(applicationUuid));
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZChoice, {
    defaultValues: { propertyId: '' },
  });
  const submit = onSubmit(async ({ propertyId }) => {
    await chooseProperty(applicationUuid, propertyId);
    await advance();
  });
  return (
    <StepPage
      title={MULTIPLE_PROPERTIES_TITLE}
      lead="Public property records show more than one home in your name. Choose the one this line of credit is for."
    >
      <QueryGate query={properties} label="Loading your properties">
        {(data) => (
          <form ref={formRef} noValidate onSubmit={submit} aria-label="Choose a property">
            <Stack gap="md">
              <RadioGroupField
                form={form}
                name="propertyId"
                label="Property address"
                options={data.properties.map((property) => ({
                  value: property.propertyId,
                  label: formatAddress(property),
                }))}
              />
              <ServerError>{serverError}</ServerError>
              <Button type="submit" loading={submitting || busy} w="fit-content">
                Continue with this home
              </Button>
            </Stack>
          </form>
        )}
      </QueryGate>
    </StepPage>
  );
}
