import { randomBytes } from 'node:crypto';
import {
  CHECKLIST_SAID,
  CHECKLIST_TEXT_MAX_LENGTH,
  type ChecklistCounts,
  isSaneChecklistNumber,
  type TChecklistStep,
  type TCheckOutcome,
  type ZChecklistAnswerBody,
  type ZChecklistStepInput,
} from '@mqr/contracts';
import type { z } from 'zod';
import { invalidField } from '#server/lib/app-error.ts';

// The rules of steps and answers that need no database (ADR 134).

export type StepInput = z.output<typeof ZChecklistStepInput>;
export type AnswerBody = z.output<typeof ZChecklistAnswerBody>;

/** A new step's key: 11 URL-safe characters (64 random bits). */
export const newStepKey = (): string => randomBytes(8).toString('base64url');

/** The steps of a body as stored: each keeps the key it came with, a new one gets one. */
export function toSteps(inputs: StepInput[]): TChecklistStep[] {
  return inputs.map((input) =>
    canonical({
      key: input.key ?? newStepKey(),
      kind: input.kind,
      label: input.label,
      required: input.required,
      unit: input.kind === 'number' ? input.unit : null,
      min: input.kind === 'number' ? input.min : null,
      max: input.kind === 'number' ? input.max : null,
      options: input.kind === 'choice' ? input.options : null,
    }),
  );
}

/** A step with its keys in one order (jsonb gives them back in its own). */
const canonical = (step: TChecklistStep): TChecklistStep => ({
  key: step.key,
  kind: step.kind,
  label: step.label,
  required: step.required,
  unit: step.unit,
  min: step.min,
  max: step.max,
  options: step.options,
});

/** True when two versions' steps are the same, in the same order (an edit of the name alone makes no version). */
export const sameSteps = (a: TChecklistStep[], b: TChecklistStep[]): boolean =>
  JSON.stringify(a.map(canonical)) === JSON.stringify(b.map(canonical));

/** What an answer stores, once it fits its step (a file is checked apart: it needs storage). */
export interface CheckedAnswer {
  outcome: TCheckOutcome | null;
  numberValue: number | null;
  textValue: string | null;
  /** The step takes a file: the answer's `file` is to be checked and attached. */
  takesFile: 'photo' | 'signature' | null;
  flagged: boolean;
}

/** Where a step's refusal points: the step, by its key. */
export const stepPath = (step: Pick<TChecklistStep, 'key'>) => `steps.${step.key}`;

/** True when a number lies outside the step's acceptable range (either end may be open). */
export function outOfRange(step: Pick<TChecklistStep, 'min' | 'max'>, value: number): boolean {
  return (step.min !== null && value < step.min) || (step.max !== null && value > step.max);
}

/**
 * The answer to `step` that `body` gives, or 400 naming the step: a check takes an outcome, a number
 * a number within the sane range (outside the acceptable range it is kept and flagged), a text a text,
 * a choice one of its options, a photo or a signature a file.
 */
export function checkAnswer(step: TChecklistStep, body: AnswerBody): CheckedAnswer {
  const refuse = () => invalidField(stepPath(step), CHECKLIST_SAID.stepTakes(step.label, step.kind));
  const none: CheckedAnswer = {
    outcome: null,
    numberValue: null,
    textValue: null,
    takesFile: null,
    flagged: false,
  };
  switch (step.kind) {
    case 'check':
      if (body.outcome === undefined) throw refuse();
      return { ...none, outcome: body.outcome, flagged: body.outcome === 'fail' };
    case 'number': {
      if (body.numberValue === undefined) throw refuse();
      if (!isSaneChecklistNumber(body.numberValue)) {
        throw invalidField(stepPath(step), CHECKLIST_SAID.numberOutOfBounds(step.label));
      }
      return { ...none, numberValue: body.numberValue, flagged: outOfRange(step, body.numberValue) };
    }
    case 'text': {
      const text = body.textValue?.trim();
      if (!text) throw refuse();
      if (text.length > CHECKLIST_TEXT_MAX_LENGTH) {
        throw invalidField(stepPath(step), CHECKLIST_SAID.textTooLong(step.label));
      }
      return { ...none, textValue: text };
    }
    case 'choice': {
      if (body.textValue === undefined) throw refuse();
      const choice = body.textValue.trim();
      if (!step.options?.includes(choice)) {
        throw invalidField(stepPath(step), CHECKLIST_SAID.choiceNotOption(step.label));
      }
      return { ...none, textValue: choice };
    }
    case 'photo':
    case 'signature':
      if (body.file === undefined) throw refuse();
      return { ...none, takesFile: step.kind };
  }
}

/** A stored answer as the summary counts it. */
export interface CountedAnswer {
  stepKey: string;
  outcome: TCheckOutcome | null;
  flagged: boolean;
}

/** The counts of a checklist (ChecklistCounts): answers of steps the version does not have are left out. */
export function summarize(steps: TChecklistStep[], answers: CountedAnswer[]): ChecklistCounts {
  const keys = new Set(steps.map((step) => step.key));
  const counted = answers.filter((answer) => keys.has(answer.stepKey));
  const na = counted.filter((answer) => answer.outcome === 'na').length;
  const flagged = counted.filter((answer) => answer.flagged).length;
  return {
    total: steps.length,
    done: counted.length,
    passed: counted.length - na - flagged,
    failed: counted.filter((answer) => answer.outcome === 'fail').length,
    na,
    flagged,
  };
}

/** The required steps without an answer, in their order. */
export function missingRequired(steps: TChecklistStep[], answeredKeys: Iterable<string>): TChecklistStep[] {
  const answered = new Set(answeredKeys);
  return steps.filter((step) => step.required && !answered.has(step.key));
}
