import { englishMessages, inEnglish, type Said, said } from './messages.ts';
// No zod here: the web (and the public page's bundle) read the limits, kinds and summary without the
// schemas (ADR 032). The schemas are in checklists.ts (ADR 134).

/** What a step asks for (ADR 134). */
export const CHECKLIST_STEP_KINDS = ['check', 'number', 'text', 'choice', 'photo', 'signature'] as const;
export type TChecklistStepKind = (typeof CHECKLIST_STEP_KINDS)[number];

/** The answers of a check step: passed, failed, not applicable. */
export const CHECK_OUTCOMES = ['pass', 'fail', 'na'] as const;
export type TCheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const CHECKLIST_NAME_MAX_LENGTH = 200;
/** Steps one template (one version) may have. */
export const CHECKLIST_STEPS_MAX = 100;
export const CHECKLIST_STEP_LABEL_MAX_LENGTH = 200;
/** A step's key: letters, digits, `_` and `-`, stable across the versions of a template. */
export const CHECKLIST_STEP_KEY_MAX_LENGTH = 40;
export const CHECKLIST_STEP_KEY_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const CHECKLIST_UNIT_MAX_LENGTH = 20;
export const CHECKLIST_OPTIONS_MIN = 2;
export const CHECKLIST_OPTIONS_MAX = 20;
export const CHECKLIST_OPTION_MAX_LENGTH = 100;
/** A text step's answer. */
export const CHECKLIST_TEXT_MAX_LENGTH = 2000;
/**
 * The sane range of any number on a checklist (a step's answer, its acceptable range): ±1,000,000,000.
 * An answer outside the step's acceptable range is stored and flagged; outside this one it is refused.
 */
export const CHECKLIST_NUMBER_LIMIT = 1_000_000_000;
/** A signature's largest drawing, in pixels (a PNG is decoded to embed it in the report: ADR 135). */
export const CHECKLIST_SIGNATURE_MAX_WIDTH = 2000;
export const CHECKLIST_SIGNATURE_MAX_HEIGHT = 1000;
/** Decimals a number answer keeps. */
export const CHECKLIST_NUMBER_DECIMALS = 6;

/** True for a number within the sane range with at most CHECKLIST_NUMBER_DECIMALS decimals. */
export function isSaneChecklistNumber(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > CHECKLIST_NUMBER_LIMIT) return false;
  const scaled = value * 10 ** CHECKLIST_NUMBER_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-3;
}

/**
 * Where a checklist stands (the event, the history export, the public page): its steps, those done,
 * and of those done how many passed (done, not flagged, not N/A), failed (a check answered fail),
 * were not applicable, and were flagged (a failed check or a number outside its acceptable range).
 */
export interface ChecklistCounts {
  total: number;
  done: number;
  passed: number;
  failed: number;
  na: number;
  flagged: number;
}

/** The inspection passed: every step done and none flagged. */
export const checklistPassed = (counts: ChecklistCounts): boolean =>
  counts.done === counts.total && counts.flagged === 0;

/** The checklists' refusals with values, as the server sends them (ADR 113): each names its step. */
export const CHECKLIST_SAID = {
  /** A value that does not fit its step's kind: what the step takes. */
  stepTakes: (step: string, kind: TChecklistStepKind): Said =>
    said(
      /*i18n*/ {
        id: 'checklist.stepTakes',
        message:
          '{kind, select, check {Step “{step}” is a check: answer pass, fail or not applicable.} number {Step “{step}” takes a number.} text {Step “{step}” takes a text.} choice {Step “{step}” takes one of its options.} photo {Step “{step}” takes a photo.} signature {Step “{step}” takes a signature.} other {Step “{step}” takes another answer.}}',
      },
      { step, kind },
    ),
  numberOutOfBounds: (step: string): Said =>
    said(
      /*i18n*/ {
        id: 'checklist.numberOutOfBounds',
        message:
          'Step “{step}”: the number must be between −{limit, number} and {limit, number}, with at most {decimals} decimals.',
      },
      { step, limit: CHECKLIST_NUMBER_LIMIT, decimals: CHECKLIST_NUMBER_DECIMALS },
    ),
  textTooLong: (step: string): Said =>
    said(
      /*i18n*/ {
        id: 'checklist.textTooLong',
        message: 'Step “{step}”: the text must be at most {max, number} characters.',
      },
      { step, max: CHECKLIST_TEXT_MAX_LENGTH },
    ),
  choiceNotOption: (step: string): Said =>
    said(
      /*i18n*/ {
        id: 'checklist.choiceNotOption',
        message: 'Step “{step}”: choose one of its options.',
      },
      { step },
    ),
  photoNotImage: (step: string): Said =>
    said(
      /*i18n*/ {
        id: 'checklist.photoNotImage',
        message: 'Step “{step}”: the photo must be a JPEG image.',
      },
      { step },
    ),
  signatureNotPng: (step: string): Said =>
    said(
      /*i18n*/ {
        id: 'checklist.signatureNotPng',
        message: 'Step “{step}”: a signature must be a PNG image of at most {maxWidth} × {maxHeight} pixels.',
      },
      { step, maxWidth: CHECKLIST_SIGNATURE_MAX_WIDTH, maxHeight: CHECKLIST_SIGNATURE_MAX_HEIGHT },
    ),
  stepRequired: (step: string): Said =>
    said(/*i18n*/ { id: 'checklist.stepRequired', message: 'Step “{step}” is required.' }, { step }),
  /** The task cannot be completed: `count` required steps are empty, named in `steps`. */
  incomplete: (count: number, steps: string): Said =>
    said(
      /*i18n*/ {
        id: 'checklist.incomplete',
        message:
          '{count, plural, one {The checklist is not finished: the required step {steps} is empty.} other {The checklist is not finished: # required steps are empty: {steps}.}}',
      },
      { count, steps },
    ),
  unknownStep: (stepKey: string): Said =>
    said(
      /*i18n*/ { id: 'checklist.unknownStep', message: 'This checklist has no step “{stepKey}”.' },
      { stepKey },
    ),
};

export const CHECKLIST_MESSAGES = {
  ...englishMessages({
    nameRequired: /*i18n*/ { id: 'checklist.nameRequired', message: 'Name is required.' },
    nameTooLong: said(
      /*i18n*/ {
        id: 'checklist.nameTooLong',
        message: 'Name must be at most {checklistNameMaxLength} characters.',
      },
      { checklistNameMaxLength: CHECKLIST_NAME_MAX_LENGTH },
    ),
    stepsRequired: /*i18n*/ {
      id: 'checklist.stepsRequired',
      message: 'A checklist needs at least one step.',
    },
    tooManySteps: said(
      /*i18n*/ {
        id: 'checklist.tooManySteps',
        message: 'A checklist has at most {checklistStepsMax} steps.',
      },
      { checklistStepsMax: CHECKLIST_STEPS_MAX },
    ),
    stepKindInvalid: /*i18n*/ {
      id: 'checklist.stepKindInvalid',
      message: 'A step is a check, a number, a text, a choice, a photo or a signature.',
    },
    stepLabelRequired: /*i18n*/ { id: 'checklist.stepLabelRequired', message: 'Every step needs a label.' },
    stepLabelTooLong: said(
      /*i18n*/ {
        id: 'checklist.stepLabelTooLong',
        message: 'A step’s label must be at most {checklistStepLabelMaxLength} characters.',
      },
      { checklistStepLabelMaxLength: CHECKLIST_STEP_LABEL_MAX_LENGTH },
    ),
    stepKeyInvalid: said(
      /*i18n*/ {
        id: 'checklist.stepKeyInvalid',
        message: 'A step’s key is 1 to {checklistStepKeyMaxLength} letters, digits, _ or -.',
      },
      { checklistStepKeyMaxLength: CHECKLIST_STEP_KEY_MAX_LENGTH },
    ),
    duplicateStepKey: /*i18n*/ {
      id: 'checklist.duplicateStepKey',
      message: 'Two steps have the same key.',
    },
    unitTooLong: said(
      /*i18n*/ {
        id: 'checklist.unitTooLong',
        message: 'A unit must be at most {checklistUnitMaxLength} characters.',
      },
      { checklistUnitMaxLength: CHECKLIST_UNIT_MAX_LENGTH },
    ),
    rangeOutOfBounds: said(
      /*i18n*/ {
        id: 'checklist.rangeOutOfBounds',
        message: 'The acceptable range lies between −{limit, number} and {limit, number}.',
      },
      { limit: CHECKLIST_NUMBER_LIMIT },
    ),
    rangeReversed: /*i18n*/ {
      id: 'checklist.rangeReversed',
      message: 'The lowest acceptable value cannot be above the highest.',
    },
    numberOnly: /*i18n*/ {
      id: 'checklist.numberOnly',
      message: 'Only a number step has a unit and an acceptable range.',
    },
    optionsCount: said(
      /*i18n*/ {
        id: 'checklist.optionsCount',
        message: 'A choice step has {checklistOptionsMin} to {checklistOptionsMax} options.',
      },
      { checklistOptionsMin: CHECKLIST_OPTIONS_MIN, checklistOptionsMax: CHECKLIST_OPTIONS_MAX },
    ),
    optionInvalid: said(
      /*i18n*/ {
        id: 'checklist.optionInvalid',
        message: 'Each option is 1 to {checklistOptionMaxLength} characters, and different from the others.',
      },
      { checklistOptionMaxLength: CHECKLIST_OPTION_MAX_LENGTH },
    ),
    choiceOnly: /*i18n*/ { id: 'checklist.choiceOnly', message: 'Only a choice step has options.' },
    oneAnswer: /*i18n*/ {
      id: 'checklist.oneAnswer',
      message: 'Send one answer: outcome, numberValue, textValue or file.',
    },
    doneAtInvalid: /*i18n*/ { id: 'checklist.doneAtInvalid', message: 'Done at must be a date and time.' },
    notFound: /*i18n*/ { id: 'checklist.notFound', message: 'Checklist not found.' },
    noChecklist: /*i18n*/ { id: 'checklist.noChecklist', message: 'This task has no checklist.' },
    archived: /*i18n*/ {
      id: 'checklist.archived',
      message: 'This checklist is archived: choose another one.',
    },
    unknownTemplate: /*i18n*/ {
      id: 'checklist.unknownTemplate',
      message: 'Choose a checklist of this organization.',
    },
    taskCompleted: /*i18n*/ {
      id: 'checklist.taskCompleted',
      message: 'The checklist of a completed task cannot be changed.',
    },
  }),
  stepTakes: inEnglish(CHECKLIST_SAID.stepTakes),
  incomplete: inEnglish(CHECKLIST_SAID.incomplete),
} as const;
