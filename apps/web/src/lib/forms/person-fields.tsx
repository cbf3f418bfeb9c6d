/**
 * Person fields several forms ask for, bound to their react-hook-form fields with the browser's
 * autofill tokens: the legal name and the mobile phone. Each form keeps its own birthdate field (the
 * hint differs by screen).
 */
import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { textFieldProps } from './fields';

type NameField = 'firstName' | 'middleName' | 'lastName' | 'suffix';

/**
 * First and last name (required), with middle name and suffix (optional) where the form asks for the
 * full name; two columns from the small breakpoint. The form's fields are named firstName, lastName,
 * middleName and suffix.
 */
export function NameFields<T extends { firstName: string; lastName: string }>({
  form,
  full = false,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  full?: boolean;
}) {
  // The constraint guarantees the names; FieldPath cannot follow a generic form type.
  const field = (name: NameField, required = false) =>
    textFieldProps(form, name as FieldPath<T>, { required });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="First name" autoComplete="given-name" {...field('firstName', true)} />
      {full ? (
        <TextInput label="Middle name" autoComplete="additional-name" {...field('middleName')} />
      ) : null}
      <TextInput label="Last name" autoComplete="family-name" {...field('lastName', true)} />
      {full ? <TextInput label="Suffix" autoComplete="honorific-suffix" {...field('suffix')} /> : null}
    </SimpleGrid>
  );
}

/** The mobile phone (required), as a national number. */
export function MobilePhoneField<T extends FieldValues>({
  form,
  name,
  description,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: FieldPath<T>;
  description?: ReactNode;
}) {
  return (
    <TextInput
      label="Mobile phone"
      type="tel"
      autoComplete="tel-national"
      description={description}
      {...textFieldProps(form, name, { required: true })}
    />
  );
}
