import type { TChecklistStep } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  draftErrorsFromServer,
  draftFromTemplate,
  draftReducer,
  emptyStep,
  firstErrorInput,
  newStepKey,
  type TTemplateDraft,
} from './template-draft.ts';

const step = (key: string, label: string, kind: TChecklistStep['kind'] = 'check') => ({
  ...emptyStep(kind, key),
  label,
});

const draft = (...labels: string[]): TTemplateDraft => ({
  name: 'Fire extinguisher',
  steps: labels.map((label, index) => step(`k${index + 1}`, label)),
});

describe('the template draft', () => {
  it('moves a step one place up or down, and not past either end', () => {
    const start = draft('Seal', 'Pressure', 'Hose');
    const up = draftReducer(start, { type: 'move', key: 'k2', by: -1 });
    expect(up.steps.map((s) => s.label)).toEqual(['Pressure', 'Seal', 'Hose']);
    const down = draftReducer(up, { type: 'move', key: 'k2', by: 1 });
    expect(down.steps.map((s) => s.label)).toEqual(['Seal', 'Pressure', 'Hose']);
    expect(draftReducer(start, { type: 'move', key: 'k1', by: -1 })).toBe(start);
    expect(draftReducer(start, { type: 'move', key: 'k3', by: 1 })).toBe(start);
  });

  it('adds at the end, removes by key, changes one step only', () => {
    const added = draftReducer(draft('Seal'), { type: 'add', step: step('k9', 'Sign') });
    expect(added.steps.map((s) => s.key)).toEqual(['k1', 'k9']);
    const changed = draftReducer(added, { type: 'change', key: 'k9', patch: { kind: 'signature' } });
    expect(changed.steps.map((s) => s.kind)).toEqual(['check', 'signature']);
    expect(draftReducer(changed, { type: 'remove', key: 'k1' }).steps.map((s) => s.key)).toEqual(['k9']);
  });

  it('sends only what a kind uses, numbers read with a comma too', () => {
    const start: TTemplateDraft = {
      name: ' Annual check ',
      steps: [
        { ...step('p', 'Pressure', 'number'), unit: 'bar', min: '1,5', max: '2.5', options: 'left over' },
        { ...step('c', 'Colour', 'choice'), options: 'Red\n\n Blue \n', unit: 'ignored', min: '3' },
        { ...step('s', 'Signed', 'signature'), required: false },
      ],
    };
    const checked = checkDraft(start);
    expect(checked).toEqual({
      ok: true,
      body: {
        name: ' Annual check ',
        steps: [
          { key: 'p', kind: 'number', label: 'Pressure', required: true, unit: 'bar', min: 1.5, max: 2.5 },
          { key: 'c', kind: 'choice', label: 'Colour', required: true, options: ['Red', 'Blue'] },
          { key: 's', kind: 'signature', label: 'Signed', required: false },
        ],
      },
    });
  });

  it('names every problem on its own input, with the server’s rules', () => {
    const start: TTemplateDraft = {
      name: '',
      steps: [
        step('a', 'Fine'),
        { ...step('b', '', 'number'), min: '5', max: '2' },
        { ...step('c', 'Pick', 'choice'), options: 'Only one' },
        { ...step('d', 'Odd', 'number'), min: 'two' },
      ],
    };
    const checked = checkDraft(start);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.name).toBe('Name is required.');
    expect(checked.errors.byStep.a).toBeUndefined();
    expect(checked.errors.byStep.b).toEqual({
      label: 'Every step needs a label.',
      max: 'The lowest acceptable value cannot be above the highest.',
    });
    expect(checked.errors.byStep.c).toEqual({ options: 'A choice step has 2 to 20 options.' });
    expect(checked.errors.byStep.d).toEqual({ min: 'Enter a number, such as 2.5.' });
    expect(firstErrorInput(start, checked.errors)).toBe('checklist-name');
    expect(firstErrorInput({ ...start, name: 'x' }, { byStep: checked.errors.byStep })).toBe('step-b-label');
  });

  it('refuses a template without steps', () => {
    const checked = checkDraft({ name: 'Empty', steps: [] });
    expect(checked).toEqual({
      ok: false,
      errors: { steps: 'A checklist needs at least one step.', byStep: {} },
    });
  });

  it('puts the server’s errors on the step that was sent at that place, even moved since', () => {
    const errors = draftErrorsFromServer(
      [
        { path: 'name', message: 'Name taken' },
        { path: 'steps.1.min', message: 'Too low' },
        { path: 'steps.1.options.0', message: 'Bad option' },
        { path: 'steps.0', message: 'Bad step' },
        { path: 'steps', message: 'Too many' },
        { path: 'steps.7.label', message: 'Unknown place' },
      ],
      ['x', 'y'],
    );
    expect(errors).toEqual({
      name: 'Name taken',
      steps: 'Too many',
      byStep: { y: { min: 'Too low', options: 'Bad option' }, x: { label: 'Bad step' } },
    });
  });

  it('edits a saved template as typed text and keeps its keys', () => {
    const saved = draftFromTemplate({
      name: 'Boiler',
      steps: [
        {
          key: 'p1',
          kind: 'number',
          label: 'Flow',
          required: true,
          unit: '°C',
          min: 60,
          max: null,
          options: null,
        },
        {
          key: 'c1',
          kind: 'choice',
          label: 'State',
          required: false,
          unit: null,
          min: null,
          max: null,
          options: ['Ok', 'Worn'],
        },
      ],
    });
    expect(saved.steps).toEqual([
      {
        key: 'p1',
        kind: 'number',
        label: 'Flow',
        required: true,
        unit: '°C',
        min: '60',
        max: '',
        options: '',
      },
      {
        key: 'c1',
        kind: 'choice',
        label: 'State',
        required: false,
        unit: '',
        min: '',
        max: '',
        options: 'Ok\nWorn',
      },
    ]);
  });

  it('makes step keys the server accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, newStepKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]{12}$/);
  });
});
