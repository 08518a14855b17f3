import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { fieldDefinition } from '../field-fixtures.ts';
import { customKey } from '../lib/custom-field-values.ts';
import { CustomFieldInputs } from './custom-field-input.tsx';

const colour = fieldDefinition({ label: 'Colour', dataType: 'Select', optionsJson: '["Red","Blue"]' });

/** The inputs inside a form that starts from the saved values, as the asset and event forms do. */
function Harness({ saved }: { saved: string }) {
  const savedValues = { [customKey(colour.id)]: saved };
  const { register } = useForm<{ custom: Record<string, string> }>({
    defaultValues: { custom: savedValues },
  });
  return (
    <CustomFieldInputs
      definitions={[colour]}
      savedValues={savedValues}
      errors={undefined}
      register={register}
      className={undefined}
    />
  );
}

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('custom field input: Select', () => {
  it('shows a stored value that is no longer an option as a retired option, selected', async () => {
    const user = userEvent.setup();
    render(<Harness saved="Green" />);
    const select = screen.getByLabelText('Colour');
    expect(optionLabels(select)).toEqual(['', 'Red', 'Blue', 'Green (retired option)']);
    expect(select).toHaveValue('Green');
    expect(select).toHaveDisplayValue('Green (retired option)');
    expect(select).toHaveAccessibleDescription(
      'Retired option. The saved value stays until you choose another.',
    );

    await user.selectOptions(select, 'Red');
    expect(select).toHaveValue('Red');
  });

  it('adds nothing when the stored value is a current option', () => {
    render(<Harness saved="Blue" />);
    const select = screen.getByLabelText('Colour');
    expect(optionLabels(select)).toEqual(['', 'Red', 'Blue']);
    expect(select).toHaveDisplayValue('Blue');
    expect(select).not.toHaveAccessibleDescription();
  });
});
