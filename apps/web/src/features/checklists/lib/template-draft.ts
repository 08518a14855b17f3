import { i18n } from '@lingui/core';
import {
  CHECKLIST_STEP_KINDS,
  type TChecklistStep,
  type TChecklistStepInput,
  type TChecklistStepKind,
  type TChecklistTemplateBody,
  ZChecklistTemplateBody,
} from '@mqr/contracts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { TEMPLATE_TEXTS } from '../texts.ts';
import { parseDecimal } from './decimal.ts';

type TStepKind = TChecklistStepKind;

/**
 * The template editor's state (docs/product/checklists-screens.md#the-template-editor): the name and
 * the steps in order, each as typed (numbers and options are text until saved). A step keeps its
 * key from the moment it is added, so moving it, and the server's errors about it, follow it.
 */
export type TStepDraft = {
  key: string;
  kind: TStepKind;
  label: string;
  required: boolean;
  unit: string;
  min: string;
  max: string;
  /** One option per line. */
  options: string;
};

export type TTemplateDraft = { name: string; steps: TStepDraft[] };

/** A step's input the editor can point at. */
export type TStepField = 'kind' | 'label' | 'unit' | 'min' | 'max' | 'options';

/** What is wrong with the draft: the name, the steps as a whole, or one input of one step. */
export type TDraftErrors = {
  name?: string;
  steps?: string;
  byStep: Record<string, Partial<Record<TStepField, string>>>;
};

export const NO_ERRORS: TDraftErrors = { byStep: {} };

export const hasErrors = (errors: TDraftErrors): boolean =>
  !!errors.name || !!errors.steps || Object.keys(errors.byStep).length > 0;

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new step's key: 12 random letters and digits (stable for the step's life, ADR 136). */
export function newStepKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join('');
}

export function emptyStep(kind: TStepKind = 'check', key: string = newStepKey()): TStepDraft {
  return { key, kind, label: '', required: true, unit: '', min: '', max: '', options: '' };
}

/** A number as the editor shows it: as the server stored it, with "." (the editor reads "," too). */
const numberText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** A saved template's steps as the editor edits them. */
export function draftFromTemplate(template: { name: string; steps: TChecklistStep[] }): TTemplateDraft {
  return {
    name: template.name,
    steps: template.steps.map((step) => ({
      key: step.key,
      kind: step.kind,
      label: step.label,
      required: step.required,
      unit: step.unit ?? '',
      min: numberText(step.min),
      max: numberText(step.max),
      options: (step.options ?? []).join('\n'),
    })),
  };
}

/** A new template: no name, one check step to start from. */
export const newDraft = (): TTemplateDraft => ({ name: '', steps: [emptyStep()] });

export type TDraftAction =
  | { type: 'name'; name: string }
  | { type: 'add'; step: TStepDraft }
  | { type: 'change'; key: string; patch: Partial<Omit<TStepDraft, 'key'>> }
  | { type: 'move'; key: string; by: -1 | 1 }
  | { type: 'remove'; key: string }
  | { type: 'reset'; draft: TTemplateDraft };

/** The editor's changes, each a new draft (nothing is changed in place). */
export function draftReducer(draft: TTemplateDraft, action: TDraftAction): TTemplateDraft {
  switch (action.type) {
    case 'name':
      return { ...draft, name: action.name };
    case 'add':
      return { ...draft, steps: [...draft.steps, action.step] };
    case 'change':
      return {
        ...draft,
        steps: draft.steps.map((step) => (step.key === action.key ? { ...step, ...action.patch } : step)),
      };
    case 'move': {
      const from = draft.steps.findIndex((step) => step.key === action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= draft.steps.length) return draft;
      const steps = [...draft.steps];
      const [moved] = steps.splice(from, 1);
      steps.splice(to, 0, moved as TStepDraft);
      return { ...draft, steps };
    }
    case 'remove':
      return { ...draft, steps: draft.steps.filter((step) => step.key !== action.key) };
    case 'reset':
      return action.draft;
  }
}

/** The options typed, one per line, trimmed, empty lines left out. */
export const optionsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

type TStepCheck = { step: TChecklistStepInput; errors: Partial<Record<TStepField, string>> };

/** One step as the body sends it (only what its kind uses), and the numbers that could not be read. */
function stepBody(draft: TStepDraft): TStepCheck {
  const errors: Partial<Record<TStepField, string>> = {};
  const step: TChecklistStepInput = {
    key: draft.key,
    kind: draft.kind,
    label: draft.label,
    required: draft.required,
  };
  if (draft.kind === 'number') {
    if (draft.unit.trim() !== '') step.unit = draft.unit;
    for (const end of ['min', 'max'] as const) {
      if (draft[end].trim() === '') continue;
      const value = parseDecimal(draft[end]);
      if (Number.isNaN(value)) errors[end] = i18n._(TEMPLATE_TEXTS.notANumber);
      else step[end] = value;
    }
  }
  if (draft.kind === 'choice') step.options = optionsOf(draft.options);
  return { step, errors };
}

export type TDraftCheck = { ok: true; body: TChecklistTemplateBody } | { ok: false; errors: TDraftErrors };

/**
 * Checks the draft before it is sent, with the server's own rules (the contracts' schema, its
 * messages in the reader's language), and builds the body: only what a step's kind uses is sent (a
 * number's unit and range, a choice's options). Every problem goes under its own input.
 */
export function checkDraft(draft: TTemplateDraft): TDraftCheck {
  const built = draft.steps.map(stepBody);
  const body: TChecklistTemplateBody = { name: draft.name, steps: built.map(({ step }) => step) };
  const parsed = ZChecklistTemplateBody.safeParse(body);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: wordMessage(issue.message),
      }));
  const errors = draftErrorsFromServer(
    issues,
    draft.steps.map((step) => step.key),
  );
  built.forEach(({ errors: unread }, index) => {
    const key = draft.steps[index]?.key;
    if (!key || Object.keys(unread).length === 0) return;
    // A number that could not be read says so, before what the schema made of its absence.
    errors.byStep[key] = { ...errors.byStep[key], ...unread };
  });
  if (hasErrors(errors)) return { ok: false, errors };
  return { ok: true, body };
}

const STEP_FIELDS: readonly TStepField[] = ['label', 'kind', 'unit', 'min', 'max', 'options'];

/**
 * The server's field errors (`name`, `steps`, `steps.3.label`, `steps.3.options.1`, ...) on the
 * draft's inputs: a step is found by its place in the body that was sent (`sentKeys`), so a step
 * moved since still shows its own error. A path the editor has no input for goes on the steps as a
 * whole (or is left out when it names nothing the editor knows).
 */
export function draftErrorsFromServer(
  fields: readonly { path: string; message: string }[],
  sentKeys: readonly string[],
): TDraftErrors {
  const errors: TDraftErrors = { byStep: {} };
  for (const { path, message } of fields) {
    const [head, index, field] = path.split('.');
    if (head === 'name') errors.name ??= message;
    if (head !== 'steps') continue;
    const key = index === undefined ? undefined : sentKeys[Number(index)];
    if (key === undefined) {
      errors.steps ??= message;
      continue;
    }
    // `steps.3.options.1` is the options' input; `steps.3.key` or `steps.3` the step's label.
    const input: TStepField = STEP_FIELDS.includes(field as TStepField) ? (field as TStepField) : 'label';
    const stepErrors = errors.byStep[key] ?? {};
    stepErrors[input] ??= message;
    errors.byStep[key] = stepErrors;
  }
  return errors;
}

/** The id of a step's input in the editor (the error summary and focus go there). */
export const stepInputId = (key: string, field: TStepField): string => `step-${key}-${field}`;

/** The first input with an error, in the editor's order: the name, then each step's in its order. */
export function firstErrorInput(draft: TTemplateDraft, errors: TDraftErrors): string | null {
  if (errors.name) return 'checklist-name';
  for (const step of draft.steps) {
    const stepErrors = errors.byStep[step.key];
    if (!stepErrors) continue;
    const field = STEP_FIELDS.find((name) => stepErrors[name]);
    if (field) return stepInputId(step.key, field);
  }
  if (errors.steps) return 'checklist-add-step';
  return null;
}

/** The kinds in the editor's order. */
export const EDITOR_KINDS: readonly TStepKind[] = CHECKLIST_STEP_KINDS;
