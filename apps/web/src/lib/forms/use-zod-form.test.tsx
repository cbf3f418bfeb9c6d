import { Button, Checkbox, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ZProfileStepForm } from '@heloc/domain';
import type { TProfileStepForm } from '@heloc/domain';
import { ApiError } from '@/lib/api-client';
import { lazySchema } from '@/platform/lazy-schema';
import { renderWithProviders } from '@/testing/render';
import { checkboxProps, ServerError, textFieldProps } from './fields';
import { useZodForm } from './use-zod-form';

function ProfileForm({
  onValid,
  schema = ZProfileStepForm,
}: {
  onValid: (values: TProfileStepForm) => Promise<unknown>;
  schema?: typeof ZProfileStepForm;
}) {
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(schema, {
    defaultValues: { firstName: '', lastName: '', dob: '', propertyUuid: 'p-1', middleName: '', suffix: '' },
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit(onValid)}>
      <TextInput label="First name" {...textFieldProps(form, 'firstName', { required: true })} />
      <TextInput label="Last name" {...textFieldProps(form, 'lastName', { required: true })} />
      <TextInput label="Birthdate" {...textFieldProps(form, 'dob', { required: true })} />
      <Checkbox label="I agree" {...checkboxProps(form, 'softCreditConsent')} />
      <ServerError>{serverError}</ServerError>
      <Button type="submit" loading={submitting}>
        Continue
      </Button>
    </form>
  );
}

describe('useZodForm', () => {
  it('leaves a lazily built schema unbuilt until the first validation (not in the first render)', async () => {
    const user = userEvent.setup();
    const build = vi.fn(() => ZProfileStepForm);
    renderWithProviders(<ProfileForm onValid={async () => {}} schema={lazySchema(build)} />);
    await user.type(screen.getByLabelText(/Last name/), 'Simpson');
    expect(build).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription('Required'));
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('shows "Required" under each empty required field and focuses the first one in page order', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(async () => {});
    renderWithProviders(<ProfileForm onValid={onValid} />);
    await user.type(screen.getByLabelText(/Last name/), 'Simpson');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const first = screen.getByLabelText(/First name/);
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText(/Birthdate/)).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('I agree')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText(/Last name/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('re-validates a field as it changes after the first submit, with the domain rule messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm onValid={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The failed submit focuses the first invalid field after the render that shows the errors; a
    // person starts typing elsewhere after that.
    await waitFor(() => expect(screen.getByLabelText(/First name/)).toHaveFocus());
    const dob = screen.getByLabelText(/Birthdate/);
    await user.type(dob, '02/30/1980');
    // The resolver validates asynchronously; its answer is drawn in a later render.
    await waitFor(() => expect(dob).toHaveAccessibleDescription('Please enter a valid date (MM/DD/YYYY)'));
    await user.clear(dob);
    await user.type(dob, '02/28/1980');
    await waitFor(() => expect(dob).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('hands the parsed values to the handler', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(async (_values: TProfileStepForm) => {});
    renderWithProviders(<ProfileForm onValid={onValid} />);
    await user.type(screen.getByLabelText(/First name/), ' Marge ');
    await user.type(screen.getByLabelText(/Last name/), 'Simpson');
    await user.type(screen.getByLabelText(/Birthdate/), '03/19/1980');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({
      firstName: 'Marge',
      lastName: 'Simpson',
      dob: '1980-03-19',
      propertyUuid: 'p-1',
      softCreditConsent: true,
    });
  });

  it('keeps the input on a server error, shows the combined text and marks the fields it names', async () => {
    const user = userEvent.setup();
    const failure = new ApiError({
      status: 400,
      message: 'Validation failed',
      url: '/x',
      data: {
        status: 400,
        message: 'Validation failed',
        details: [
          { path: 'body.lastName', message: 'Too long.' },
          { path: 'body.other', message: 'Something else' },
        ],
      },
    });
    renderWithProviders(<ProfileForm onValid={() => Promise.reject(failure)} />);
    await user.type(screen.getByLabelText(/First name/), 'Marge');
    await user.type(screen.getByLabelText(/Last name/), 'Simpson');
    await user.type(screen.getByLabelText(/Birthdate/), '03/19/1980');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too long, Something else.');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Marge');
    expect(screen.getByLabelText(/Birthdate/)).toHaveValue('03/19/1980');
    const lastName = screen.getByLabelText(/Last name/);
    expect(lastName).toHaveValue('Simpson');
    expect(lastName).toHaveAccessibleDescription('Too long.');
    await waitFor(() => expect(lastName).toHaveFocus());
  });

  it('shows "Something unexpected happened" style text for a failure without a body', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm onValid={() => Promise.reject(new Error('boom'))} />);
    await user.type(screen.getByLabelText(/First name/), 'Marge');
    await user.type(screen.getByLabelText(/Last name/), 'Simpson');
    await user.type(screen.getByLabelText(/Birthdate/), '03/19/1980');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Something unexpected happened/);
  });
});
