/**
 * start/hmda: the demographic information federal law asks for (Regulation C; URLA section 8):
 * ethnicity, race (several may be chosen) and sex, each with "I do not wish to provide this
 * information", under the statement of why it is asked. Choosing not to provide clears and disables
 * that question's options, so an answer is always one or the other (the domain schema's rule).
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Fieldset.css';
import { Button, Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import {
  HMDA_DECLINE_LABEL,
  HMDA_ETHNICITIES,
  HMDA_LABELS,
  HMDA_RACES,
  HMDA_SEXES,
  HMDA_STATEMENT,
  ZHmdaInput,
} from '@heloc/domain';
import readable from '@/components/ui/readable-form.module.css';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import { fieldError, fieldId, ServerError, useZodForm } from '@/lib/forms';
import { saveHmda } from '../api/submission-api';

export const HMDA_STEP_TITLE = 'Demographic Information';

const QUESTIONS = [
  { name: 'ethnicity', legend: 'Ethnicity', options: HMDA_ETHNICITIES, hint: 'Choose one or more.' },
  { name: 'race', legend: 'Race', options: HMDA_RACES, hint: 'Choose one or more.' },
  { name: 'sex', legend: 'Sex', options: HMDA_SEXES, hint: 'Choose one or more.' },
] as const;

export function HmdaStep() {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(ZHmdaInput, {
    defaultValues: {
      ethnicity: { declined: false, values: [] },
      race: { declined: false, values: [] },
      sex: { declined: false, values: [] },
    },
  });
  const answers = useWatch({ control: form.control });
  const submit = onSubmit(async (values) => {
    await saveHmda(applicationUuid, values);
    await advance();
  });
  return (
    <StepPage title={HMDA_STEP_TITLE}>
      <section aria-label="Why we ask">
        <Stack gap="xs">
          {HMDA_STATEMENT.map((paragraph) => (
            <Text key={paragraph.slice(0, 24)} size="sm">
              {paragraph}
            </Text>
          ))}
        </Stack>
      </section>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-label={HMDA_STEP_TITLE}
        className={readable.readable}
      >
        <Stack gap="lg">
          {QUESTIONS.map((question) => {
            const declined = answers[question.name]?.declined === true;
            const error = fieldError(form, `${question.name}.values`);
            return (
              <Fieldset key={question.name} legend={question.legend} variant="unstyled">
                <Stack gap="xs">
                  <Controller
                    control={form.control}
                    name={`${question.name}.values`}
                    render={({ field }) => (
                      <Checkbox.Group
                        id={fieldId(`${question.name}.values`)}
                        aria-label={`${question.legend}: ${question.hint}`}
                        description={question.hint}
                        value={field.value as string[]}
                        onChange={field.onChange}
                        error={error}
                      >
                        <Stack gap="xs" mt="xs">
                          {question.options.map((option, index) => (
                            <Checkbox
                              key={option}
                              value={option}
                              label={HMDA_LABELS[option]}
                              disabled={declined}
                              // The group's error marks every option invalid for focusFirstInvalid.
                              aria-invalid={error ? true : undefined}
                              {...(index === 0 && { ref: field.ref })}
                              onBlur={field.onBlur}
                            />
                          ))}
                        </Stack>
                      </Checkbox.Group>
                    )}
                  />
                  <Controller
                    control={form.control}
                    name={`${question.name}.declined`}
                    render={({ field }) => (
                      <Checkbox
                        id={fieldId(`${question.name}.declined`)}
                        label={HMDA_DECLINE_LABEL}
                        checked={field.value}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        onChange={(event) => {
                          field.onChange(event.currentTarget.checked);
                          if (event.currentTarget.checked) {
                            form.setValue(`${question.name}.values`, [], {
                              shouldValidate: form.formState.isSubmitted,
                            });
                          }
                        }}
                      />
                    )}
                  />
                </Stack>
              </Fieldset>
            );
          })}
          <ServerError>{serverError}</ServerError>
          <Button type="submit" loading={submitting || busy} w="fit-content">
            Continue
          </Button>
        </Stack>
      </form>
    </StepPage>
  );
}
