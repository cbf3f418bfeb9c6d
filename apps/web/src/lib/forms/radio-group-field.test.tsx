import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { requiredString } from '@heloc/domain';
import { renderWithProviders } from '@/testing/render';
import { RadioGroupField } from './radio-group-field';
import { useZodForm } from './use-zod-form';

const ZChoice = z.object({ home: requiredString() });

function ChoiceForm({ onValid }: { onValid: (values: z.output<typeof ZChoice>) => void }) {
  const { form, formRef, onSubmit } = useZodForm(ZChoice, { defaultValues: { home: '' } });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit(onValid)}>
      <RadioGroupField
        form={form}
        name="home"
        label="Property address"
        description="The home this line of credit is secured by"
        options={[
          { value: 'a', label: '1 Oak Lane' },
          { value: 'b', label: '2 Elm Street' },
        ]}
      />
      <Button type="submit">Continue</Button>
    </form>
  );
}

describe('RadioGroupField', () => {
  it('requires a choice: the group says so, its options are invalid and the first is focused', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderWithProviders(<ChoiceForm onValid={onValid} />);
    const group = screen.getByRole('radiogroup', { name: /Property address/ });
    expect(group).toHaveAccessibleDescription(/The home this line of credit is secured by/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const first = screen.getByRole('radio', { name: '1 Oak Lane' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radio', { name: '2 Elm Street' })).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: '2 Elm Street' }));
    expect(first).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ home: 'b' }));
  });
});
