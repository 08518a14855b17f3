import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emptyStep, type TTemplateDraft } from '../lib/template-draft.ts';
import { TemplateEditor, type TServerRefusal } from './template-editor.tsx';

const initial = (): TTemplateDraft => ({
  name: 'Extinguisher check',
  steps: [
    { ...emptyStep('check', 'seal'), label: 'Seal intact' },
    { ...emptyStep('number', 'pressure'), label: 'Pressure', unit: 'bar', min: '1', max: '2' },
    { ...emptyStep('signature', 'sign'), label: 'Signed off' },
  ],
});

function Harness({
  onSave,
  refusal = null,
}: {
  onSave: (body: unknown) => void;
  refusal?: TServerRefusal | null;
}) {
  const [shown] = useState(initial);
  return <TemplateEditor initial={shown} busy={false} refusal={refusal} onSave={onSave} onCancel={vi.fn()} />;
}

const stepTitles = () =>
  within(screen.getByRole('region', { name: 'Steps' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the template editor', () => {
  it('reorders with the keyboard: focus stays with the moved step, and the move is said', async () => {
    const user = userEvent.setup();
    render(<Harness onSave={vi.fn()} />);
    screen.getByRole('button', { name: 'Move step 3 up' }).focus();
    await user.keyboard('{Enter}');
    expect(stepTitles()).toEqual(['Step 1: Seal intact', 'Step 2: Signed off', 'Step 3: Pressure']);
    expect(screen.getByRole('button', { name: 'Move step 2 up' })).toHaveFocus();
    expect(screen.getByText('“Signed off” is now step 2.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(stepTitles()).toEqual(['Step 1: Signed off', 'Step 2: Seal intact', 'Step 3: Pressure']);
    // At the top "up" is disabled: focus goes to the step's "down".
    expect(screen.getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move step 1 down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(stepTitles()).toEqual(['Step 1: Seal intact', 'Step 2: Signed off', 'Step 3: Pressure']);
  });

  it('adds a step with focus in its label, shows what each kind needs, and removes one', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    const step4 = screen.getByRole('listitem', { name: 'Step 4' });
    expect(within(step4).getByLabelText('What to do or check')).toHaveFocus();
    await user.keyboard('Hose condition');
    await user.selectOptions(within(step4).getByLabelText('Kind'), 'choice');
    await user.type(within(step4).getByLabelText('Options (one per line)'), 'Good{Enter}Cracked');
    await user.click(within(step4).getByLabelText('Required'));
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(screen.getByText('“Seal intact” removed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1: Pressure' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save checklist' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'Extinguisher check',
      steps: [
        { key: 'pressure', kind: 'number', label: 'Pressure', required: true, unit: 'bar', min: 1, max: 2 },
        { key: 'sign', kind: 'signature', label: 'Signed off', required: true },
        expect.objectContaining({
          kind: 'choice',
          label: 'Hose condition',
          required: false,
          options: ['Good', 'Cracked'],
        }),
      ],
    });
  });

  it('refuses to save with problems: each under its input, focus on the first, nothing sent', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const pressure = screen.getByRole('listitem', { name: 'Step 2: Pressure' });
    await user.clear(within(pressure).getByLabelText('Lowest acceptable'));
    await user.type(within(pressure).getByLabelText('Lowest acceptable'), '3');
    await user.clear(
      within(screen.getByRole('listitem', { name: 'Step 3: Signed off' })).getByLabelText(
        'What to do or check',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save checklist' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(within(pressure).getByLabelText('Highest acceptable')).toHaveAccessibleDescription(
      'The lowest acceptable value cannot be above the highest.',
    );
    const label3 = within(screen.getByRole('listitem', { name: 'Step 3' })).getByLabelText(
      'What to do or check',
    );
    expect(label3).toHaveAccessibleDescription('Every step needs a label.');
    expect(within(pressure).getByLabelText('Highest acceptable')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('2 steps need attention.');
  });

  it('shows the server’s refusal on the step it names and focuses it', () => {
    const refusal: TServerRefusal = {
      message: 'Unable to save the checklist. Check the highlighted steps.',
      errors: { byStep: { sign: { label: 'A step’s label must be at most 200 characters.' } } },
    };
    render(<Harness onSave={vi.fn()} refusal={refusal} />);
    const label = within(screen.getByRole('listitem', { name: 'Step 3: Signed off' })).getByLabelText(
      'What to do or check',
    );
    expect(label).toHaveAccessibleDescription('A step’s label must be at most 200 characters.');
    expect(label).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('1 step needs attention.');
  });
});
