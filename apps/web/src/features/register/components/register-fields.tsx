/**
 * The inputs of each registration step. Each field shows "Required" or its rule's message under it
 * (Mantine links the message to the input with aria-describedby and marks it aria-invalid).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Group, Loader, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import {
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  SALE_STATUS_LABELS,
  SALE_STATUSES,
  endSentence,
  usStatesByName,
} from '@heloc/domain';
import type { TRegistrationStep, UsStateCode } from '@heloc/domain';
import { fieldId, isRequiredField } from '../registration-form';
import type { RegisterErrors, RegisterField, RegisterTextField, RegisterValues } from '../registration-form';

/** The last step's inputs, in their own chunk (see login-step-fields). */
export const loadLoginStepFields = () => import('./login-step-fields');
const LoginStepFields = lazy(loadLoginStepFields);

export interface StepFieldsProps {
  step: TRegistrationStep;
  values: RegisterValues;
  errors: RegisterErrors;
  onChange: (field: RegisterField, value: string | boolean) => void;
  companyName: string;
  licensedStates: readonly UsStateCode[];
}

export function StepFields(props: StepFieldsProps) {
  const { values, errors, onChange } = props;
  const text = (field: RegisterTextField) => ({
    id: fieldId(field),
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value),
    error: errors[field],
    required: isRequiredField(field),
  });

  switch (props.step) {
    case 'property':
      return <PropertyFields {...props} text={text} />;
    case 'income':
      return (
        <Stack gap="md">
          <NativeSelect
            {...text('income.employmentType')}
            label="Employment type"
            data={[
              { value: '', label: 'Choose one' },
              ...EMPLOYMENT_TYPES.map((type) => ({ value: type, label: EMPLOYMENT_TYPE_LABELS[type] })),
            ]}
          />
          <TextInput
            {...text('income.annualIncome')}
            label="Gross annual income"
            description="Before taxes, in US dollars, from all sources. We verify it later."
            inputMode="decimal"
            leftSection="$"
          />
        </Stack>
      );
    case 'personal':
      return (
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput {...text('name.firstName')} label="First name" autoComplete="given-name" />
            <TextInput {...text('name.middleName')} label="Middle name" autoComplete="additional-name" />
          </Group>
          <Group grow align="flex-start">
            <TextInput {...text('name.lastName')} label="Last name" autoComplete="family-name" />
            <TextInput
              {...text('name.suffix')}
              label="Suffix"
              description="For example Jr. or III"
              autoComplete="honorific-suffix"
            />
          </Group>
          <TextInput
            {...text('dob')}
            label="Birthdate"
            description="MM/DD/YYYY"
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            autoComplete="bday"
          />
        </Stack>
      );
    case 'contact':
      return (
        <Stack gap="md">
          <TextInput {...text('email')} label="Email" type="email" autoComplete="email" />
          <TextInput
            {...text('phoneNumber')}
            label="Mobile phone"
            description="10 digits, e.g. (555) 123-4567"
            type="tel"
            autoComplete="tel-national"
          />
        </Stack>
      );
    case 'login':
      return (
        <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
          <LoginStepFields values={values} errors={errors} onChange={onChange} />
        </Suspense>
      );
  }
}

interface PropertyFieldsProps extends StepFieldsProps {
  text: (field: RegisterTextField) => {
    id: string;
    value: string;
    onChange: (event: { currentTarget: { value: string } }) => void;
    error: ReactNode;
    required: boolean;
  };
}

function PropertyFields({
  values,
  errors,
  onChange,
  companyName,
  licensedStates,
  text,
}: PropertyFieldsProps) {
  const states = usStatesByName(licensedStates);
  return (
    <Stack gap="md">
      <TextInput {...text('property.street1')} label="Street address" autoComplete="address-line1" />
      <TextInput
        {...text('property.street2')}
        label="Apartment, suite or unit"
        autoComplete="address-line2"
      />
      <TextInput {...text('property.city')} label="City" autoComplete="address-level2" />
      <Group grow align="flex-start">
        <NativeSelect
          {...text('property.state')}
          label="State"
          // The long hint goes under the select so the State and ZIP boxes stay on one line.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={endSentence(
            `Only the states where ${companyName} lends are listed: homes in other states can't be financed by ${companyName}`,
          )}
          autoComplete="address-level1"
          data={[
            { value: '', label: 'Choose a state' },
            ...states.map((state) => ({ value: state.code, label: state.name })),
          ]}
        />
        <TextInput
          {...text('property.zip')}
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
        />
      </Group>
      <Radio.Group
        label="Are you planning to sell this home?"
        value={values.saleStatus || null}
        onChange={(value) => onChange('saleStatus', value)}
        error={errors.saleStatus}
        required
      >
        <Stack gap="xs" mt="xs">
          {SALE_STATUSES.map((status, index) => (
            <Radio
              key={status}
              id={index === 0 ? fieldId('saleStatus') : undefined}
              value={status}
              label={SALE_STATUS_LABELS[status]}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
