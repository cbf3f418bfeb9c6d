/**
 * A required choice among options, bound to one react-hook-form field: the group carries the label,
 * description and error; the first option takes the field's ref and every option the field's blur;
 * while the group has an error its options are marked invalid, so focusFirstInvalid finds them.
 * Screens import '@mantine/core/styles/Radio.css' and InlineInput.css with the rest of their styles.
 */
import { Radio, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldError, fieldId } from './fields';

export interface RadioGroupFieldProps<T extends FieldValues> {
  form: UseFormReturn<T, unknown, unknown>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
}

export function RadioGroupField<T extends FieldValues>({
  form,
  name,
  label,
  description,
  options,
}: RadioGroupFieldProps<T>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const error = fieldError(form, name);
        return (
          <Radio.Group
            id={fieldId(name)}
            label={label}
            description={description}
            withAsterisk
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            error={error}
          >
            <Stack gap="xs" mt="xs">
              {options.map((option, index) => (
                <Radio
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  aria-invalid={error ? true : undefined}
                  {...(index === 0 && { ref: field.ref })}
                  onBlur={field.onBlur}
                />
              ))}
            </Stack>
          </Radio.Group>
        );
      }}
    />
  );
}
