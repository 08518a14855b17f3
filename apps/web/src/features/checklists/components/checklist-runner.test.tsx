import type { TChecklistResponse, TChecklistStep, TTaskChecklist } from '@mqr/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { localResponse, summarize, type TStepAnswer } from '../lib/step-values.ts';
import { ChecklistRunner, type TCompletionState } from './checklist-runner.tsx';
import type { TFollowUpState } from './step-card.tsx';

const step = (
  key: string,
  kind: TChecklistStep['kind'],
  label: string,
  extra: Partial<TChecklistStep> = {},
) => ({
  key,
  kind,
  label,
  required: true,
  unit: null,
  min: null,
  max: null,
  options: null,
  ...extra,
});

const STEPS: TChecklistStep[] = [
  step('seal', 'check', 'Seal intact'),
  step('pressure', 'number', 'Pressure', { unit: 'bar', min: 1.5, max: 2.5 }),
  step('hose', 'choice', 'Hose', { options: ['Good', 'Cracked'] }),
  step('remarks', 'text', 'Remarks', { required: false }),
];

const checklist = (responses: TChecklistResponse[] = [], editable = true): TTaskChecklist => ({
  eventId: 'e1',
  assetId: 'a1',
  templateId: 't1',
  name: 'Extinguisher',
  version: 2,
  steps: STEPS,
  responses,
  summary: summarize(STEPS, responses),
  editable,
});

/** The runner as the screen drives it: each answer shows at once, as the cache does. */
function Harness(props: {
  onAnswer?: (step: TChecklistStep, answer: TStepAnswer) => void;
  onComplete?: () => void;
  onFollowUp?: () => void;
  refusedMissing?: string[] | null;
  editable?: boolean;
  completion?: TCompletionState;
}) {
  const [responses, setResponses] = useState<TChecklistResponse[]>([]);
  const [followUps, setFollowUps] = useState<Record<string, TFollowUpState>>({});
  return (
    <ChecklistRunner
      checklist={checklist(responses, props.editable ?? true)}
      states={{}}
      followUps={followUps}
      completion={props.completion ?? { kind: 'idle' }}
      refusedMissing={props.refusedMissing ?? null}
      onAnswer={(answered, answer) => {
        props.onAnswer?.(answered, answer);
        setResponses((all) => [
          ...all.filter((entry) => entry.stepKey !== answered.key),
          localResponse(answered, answer, '2026-05-03T10:00:00.000Z', { id: 'u1', name: 'Sam' }),
        ]);
      }}
      onClear={vi.fn()}
      onFollowUp={props.onFollowUp ?? vi.fn()}
      onLater={(later) => setFollowUps((all) => ({ ...all, [later.key]: 'later' }))}
      onComplete={props.onComplete ?? vi.fn()}
    />
  );
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('the checklist runner', () => {
  it('saves a check with one press and moves focus to the next open step', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(<Harness onAnswer={onAnswer} />);
    expect(within(card('Seal intact')).getByText('Step 1 of 4')).toBeInTheDocument();
    await user.click(within(card('Seal intact')).getByRole('button', { name: 'Pass' }));
    expect(onAnswer).toHaveBeenCalledWith(STEPS[0], { kind: 'check', outcome: 'pass' });
    expect(within(card('Seal intact')).getByRole('button', { name: 'Pass' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(card('Seal intact')).getByText(/^Done by Sam/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pressure' })).toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Checklist progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('reads a number with its unit and range; out of range, the step is flagged and asks for a follow-up', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    const onFollowUp = vi.fn();
    render(<Harness onAnswer={onAnswer} onFollowUp={onFollowUp} />);
    const value = within(card('Pressure')).getByLabelText('Value (bar)');
    expect(value).toHaveAccessibleDescription('Acceptable: 1.5 to 2.5 bar');
    await user.type(value, 'lots');
    await user.click(within(card('Pressure')).getByRole('button', { name: 'Save' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(value).toHaveAccessibleDescription(expect.stringContaining('Enter a number, such as 2.5.'));
    await user.clear(value);
    await user.type(value, '3,1{Enter}');
    expect(onAnswer).toHaveBeenCalledWith(STEPS[1], { kind: 'number', numberValue: 3.1 });
    expect(
      within(card('Pressure')).getByText('3.1 bar is outside the acceptable range.'),
    ).toBeInTheDocument();
    expect(within(card('Pressure')).getByText('Open a follow-up task?')).toBeInTheDocument();
    const open = within(card('Pressure')).getByRole('button', { name: 'Open follow-up task' });
    expect(open).toHaveFocus();
    await user.click(within(card('Pressure')).getByRole('button', { name: 'Not now' }));
    expect(within(card('Pressure')).queryByText('Open a follow-up task?')).not.toBeInTheDocument();
    // Asked later, the follow-up is still a button away.
    await user.click(within(card('Pressure')).getByRole('button', { name: 'Open follow-up task' }));
    expect(onFollowUp).toHaveBeenCalledWith(
      STEPS[1],
      expect.objectContaining({ numberValue: 3.1, flagged: true }),
    );
  });

  it('a failed check is flagged; a number in range is not', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(within(card('Seal intact')).getByRole('button', { name: 'Fail' }));
    expect(within(card('Seal intact')).getByText('This step failed.')).toBeInTheDocument();
    await user.type(within(card('Pressure')).getByLabelText('Value (bar)'), '2.5{Enter}');
    expect(within(card('Pressure')).queryByText(/outside the acceptable range/)).not.toBeInTheDocument();
  });

  it('refuses to complete with required steps empty: names them and focuses the first', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(within(card('Seal intact')).getByRole('button', { name: 'Pass' }));
    await user.click(screen.getByRole('button', { name: 'Complete task' }));
    expect(onComplete).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('These 2 required steps are still empty:');
    expect(
      within(alert)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pressure', 'Hose']);
    expect(screen.getByRole('heading', { level: 2, name: 'Pressure' })).toHaveFocus();
    // The optional remarks are not asked for; answering the rest completes.
    await user.type(within(card('Pressure')).getByLabelText('Value (bar)'), '2{Enter}');
    await user.click(within(card('Hose')).getByRole('button', { name: 'Good' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete task' }));
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('shows the steps the server said are empty, focus on the first', () => {
    render(<Harness refusedMissing={['hose']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This required step is still empty:Hose');
    expect(screen.getByRole('heading', { level: 2, name: 'Hose' })).toHaveFocus();
  });

  it('once completed, shows the answers without inputs or a complete button', () => {
    render(<Harness editable={false} completion={{ kind: 'completed', queued: true }} />);
    expect(screen.queryByRole('button', { name: 'Pass' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete task' })).not.toBeInTheDocument();
    expect(within(card('Seal intact')).getByText('Not done')).toBeInTheDocument();
    expect(
      screen.getByText('Task completed on this device: it is sent when the connection returns.'),
    ).toBeInTheDocument();
  });
});
