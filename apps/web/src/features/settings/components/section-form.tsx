/**
 * One settings section's form (profile, password): its state — values and field errors, the "saved"
 * message, each input's binding (id `settings-<field>`, re-checked as it changes once it has an
 * error), the submit that checks everything and focuses the first invalid field in order, and the
 * server's field errors put back on their fields — and its frame: heading, the failed save's alert,
 * the submit button and the saved message.
 */
import '@/components/ui/form-styles';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { errorText, fieldDetails } from '@/lib/api-errors';

export interface SectionFormOptions<F extends string> {
  initial: () => Record<F, string>;
  validate: (values: Record<F, string>) => Partial<Record<F, string>>;
  required: (field: F) => boolean;
  /** The field a server detail path names (e.g. "name.firstName" → "firstName"). */
  fieldOf: (path: string) => string | undefined;
}

export function useSectionForm<F extends string>({
  initial,
  validate,
  required,
  fieldOf,
}: SectionFormOptions<F>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [done, setDone] = useState(false);

  const bind = (field: F) => ({
    id: `settings-${field}`,
    value: values[field],
    error: errors[field],
    required: required(field),
    onChange: (event: { currentTarget: { value: string } }) => {
      const next = { ...values, [field]: event.currentTarget.value };
      setValues(next);
      setDone(false);
      if (errors[field]) setErrors({ ...errors, [field]: validate(next)[field] });
    },
  });

  /** The form's onSubmit: sends the values with `send` once every field is valid. */
  const submitWith = (send: (values: Record<F, string>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    const found = validate(values);
    setErrors(found);
    const first = (Object.keys(values) as F[]).find((field) => found[field]);
    if (first) {
      document.getElementById(`settings-${first}`)?.focus();
      return;
    }
    send(values);
  };

  /** After a save: the values to show now, and the "saved" message. */
  const saved = (next: Record<F, string>) => {
    setValues(next);
    setDone(true);
  };

  /** A failed save: the server's field errors on their fields (none leaves the section's alert). */
  const failed = (error: unknown) => {
    const mapped: Partial<Record<F, string>> = {};
    for (const detail of fieldDetails(error)) {
      const field = fieldOf(detail.path);
      if (field !== undefined && Object.hasOwn(values, field)) mapped[field as F] = detail.message;
    }
    setErrors(mapped);
  };

  return { values, errors, done, bind, submitWith, saved, failed };
}

/** A section's words: its heading, the failed save's alert title, the button, the saved message. */
export interface SectionTexts {
  title: string;
  failureTitle: string;
  submitLabel: string;
  savedMessage: string;
}

interface SectionFormProps {
  /** The heading's id is `settings-<name>-title`; it names the section. */
  name: string;
  texts: SectionTexts;
  /** Shown under the heading, above the failure alert. */
  intro?: ReactNode;
  /** The section's state (useSectionForm): its field errors and whether it was just saved. */
  state: { errors: object; done: boolean };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save call: pending on the button; a failure no field shows is the alert. */
  mutation: { isError: boolean; isPending: boolean; error: unknown };
  children: ReactNode;
}

export function SectionForm({ name, texts, intro, state, onSubmit, mutation, children }: SectionFormProps) {
  const titleId = `settings-${name}-title`;
  return (
    <section aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} id={titleId}>
            {texts.title}
          </Title>
          {intro}
          {mutation.isError && Object.keys(state.errors).length === 0 ? (
            <Alert color="red" variant="light" role="alert" title={texts.failureTitle}>
              {errorText(mutation.error)}
            </Alert>
          ) : null}
          {children}
          <Group gap="md">
            <Button type="submit" loading={mutation.isPending}>
              {texts.submitLabel}
            </Button>
            <Text role="status" size="sm">
              {state.done ? texts.savedMessage : ''}
            </Text>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
