/**
 * Forms of the borrower screens: react-hook-form validated by a zod schema from @heloc/domain.
 *
 * - Rules and messages come from the schema ("Required" on required fields, spec 1 §5), shown under
 *   each field; after the first submit a field re-validates as it changes.
 * - A failed submit scrolls to and focuses the first invalid field (page order).
 * - A failed call keeps every input; the server's field details are set on the fields they name and
 *   the combined error text (spec 2 §8) shows above the buttons (`serverError`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldPath, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useAfterRender } from '@/hooks/use-after-render';
import { errorText, fieldDetails } from '@/lib/api-errors';
import { focusFirstInvalid } from './focus-first-invalid';

export interface UseZodFormOptions<TInput extends FieldValues> {
  defaultValues: DefaultValues<TInput>;
  /**
   * Maps a server detail path (request body path, e.g. "name.firstName") to a form field; return
   * null for details that belong to no field (they still show in the combined text). Default: same path.
   */
  serverFieldFor?: (path: string) => string | null;
}

export interface ZodForm<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  formRef: RefObject<HTMLFormElement | null>;
  /** The combined text of the last failed call, null when none. */
  serverError: string | null;
  /** Builds the form's onSubmit: validates, runs `handler` with the parsed values, reports failures. */
  onSubmit: (
    handler: (values: TOutput) => Promise<unknown> | unknown,
  ) => (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  submitting: boolean;
}

export function useZodForm<TSchema extends z.ZodType<unknown, FieldValues>>(
  schema: TSchema,
  options: UseZodFormOptions<z.input<TSchema>>,
): ZodForm<z.input<TSchema>, z.output<TSchema>> {
  type TInput = z.input<TSchema>;
  type TOutput = z.output<TSchema>;
  const formRef = useRef<HTMLFormElement | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Made at the first validation, not at render: zodResolver reads the schema to tell zod 4 from 3,
  // which builds the domain's lazily built schema (build/lazy-schemas.ts) inside the screen's first
  // render, a long task on a phone (issue 17); most screens validate only once submitted.
  const resolver = useMemo((): Resolver<TInput, unknown, TOutput> => {
    let validate: Resolver<TInput, unknown, TOutput> | undefined;
    // The resolver's generics cannot follow a generic schema; the schema's own input/output types are
    // the form's, so the cast only restates them.
    return (values, context, options) =>
      (validate ??= zodResolver(schema as never) as never)(values, context, options);
  }, [schema]);
  const form = useForm<TInput, unknown, TOutput>({
    resolver,
    defaultValues: options.defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // We focus in page order ourselves (see focusFirstInvalid).
    shouldFocusError: false,
  });
  const { serverFieldFor } = options;

  const afterRender = useAfterRender();
  // The errors are not on screen yet: focus the first once React has drawn them.
  const focusLater = useCallback(
    () => afterRender(() => focusFirstInvalid(formRef.current) !== null),
    [afterRender],
  );

  const onSubmit = useCallback(
    (handler: (values: TOutput) => Promise<unknown> | unknown) =>
      async (event?: FormEvent<HTMLFormElement>) => {
        await form.handleSubmit(async (values) => {
          setServerError(null);
          setSubmitting(true);
          try {
            await handler(values);
          } catch (error) {
            for (const detail of fieldDetails(error)) {
              const field = serverFieldFor ? serverFieldFor(detail.path) : detail.path;
              if (field) {
                form.setError(field as FieldPath<TInput>, { type: 'server', message: detail.message });
              }
            }
            setServerError(errorText(error));
            focusLater();
          } finally {
            setSubmitting(false);
          }
        }, focusLater)(event);
      },
    [form, focusLater, serverFieldFor],
  );

  return { form, formRef, serverError, onSubmit, submitting };
}
