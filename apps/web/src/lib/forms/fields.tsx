/**
 * Wiring Mantine inputs to a react-hook-form field: the input's name, ref and handlers, its error
 * message (Mantine then sets aria-invalid and links the message with aria-describedby), and the
 * required mark (`withAsterisk`, shown as a star that screen readers skip; the label and the
 * "Required" error say the rest).
 */
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { get } from 'react-hook-form';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/** The error message of one field (nested paths included), undefined when it is valid. */
export function fieldError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: FieldPath<T>,
): string | undefined {
  const error = get(form.formState.errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}

/** A stable, valid element id for a field path ("name.firstName" → "field-name-firstName"). */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

interface FieldPropsOptions {
  required?: boolean;
}

/** Props for a Mantine TextInput / NativeSelect / Textarea bound to `name`. */
export function textFieldProps<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: FieldPath<T>,
  { required = false }: FieldPropsOptions = {},
) {
  return {
    ...form.register(name),
    id: fieldId(name),
    error: fieldError(form, name),
    withAsterisk: required,
  };
}

/** Props for a Mantine Checkbox bound to a boolean `name`. */
export function checkboxProps<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: FieldPath<T>,
) {
  const error = fieldError(form, name);
  // Mantine marks an invalid checkbox with data-error only; aria-invalid lets assistive technology
  // (and focusFirstInvalid) find it.
  return { ...form.register(name), id: fieldId(name), error, 'aria-invalid': error ? true : undefined };
}

/** The combined error text of a failed call, above the form's buttons; announced when it appears. */
export function ServerError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}
