import type { MessageDescriptor } from '@lingui/core';
import type { TChecklistResponse, TChecklistStep, TChecklistSummary, TCheckOutcome } from '@mqr/contracts';
import { formatNumber } from '#web/lib/dates.ts';
import { RUNNER_TEXTS } from '../texts.ts';

type TStepResponse = TChecklistResponse;

/**
 * What a technician gives for one step (docs/product/checklists-screens.md#the-runner): an outcome
 * of a check, a number, a text or a choice, or a file (a photo, a signature drawn to a PNG).
 */
export type TStepAnswer =
  | { kind: 'check'; outcome: TCheckOutcome }
  | { kind: 'number'; numberValue: number }
  | { kind: 'text' | 'choice'; textValue: string }
  | { kind: 'photo' | 'signature'; file: File };

/** A number outside the step's acceptable range (either end may be open). */
export function outOfRange(step: Pick<TChecklistStep, 'min' | 'max'>, value: number): boolean {
  return (step.min !== null && value < step.min) || (step.max !== null && value > step.max);
}

/** The answer is flagged: a failed check, or a number outside its range. */
export function isFlagged(step: TChecklistStep, answer: TStepAnswer): boolean {
  if (answer.kind === 'check') return answer.outcome === 'fail';
  if (answer.kind === 'number') return outOfRange(step, answer.numberValue);
  return false;
}

/** A number of a step as shown, in the active language, with as many decimals as it has (up to 6). */
export function formatStepNumber(value: number): string {
  const decimals = Math.min(6, (String(value).split('.')[1] ?? '').length);
  return formatNumber(value, decimals);
}

/** A number with its unit, as said in a sentence ("2.5 bar"; units are written as the admin typed them). */
export const withUnit = (value: number, unit: string | null): string =>
  unit ? `${formatStepNumber(value)} ${unit}` : formatStepNumber(value);

/** The range hint under a number step's input ("Acceptable: 2 to 3.5 bar"); null when it has none. */
export function rangeHint(step: TChecklistStep): MessageDescriptor | null {
  const min = step.min === null ? null : formatStepNumber(step.min);
  const max = step.max === null ? null : formatStepNumber(step.max);
  const unit = step.unit;
  if (min !== null && max !== null)
    return unit ? RUNNER_TEXTS.rangeBothUnit(min, max, unit) : RUNNER_TEXTS.rangeBoth(min, max);
  if (min !== null) return unit ? RUNNER_TEXTS.rangeMinUnit(min, unit) : RUNNER_TEXTS.rangeMin(min);
  if (max !== null) return unit ? RUNNER_TEXTS.rangeMaxUnit(max, unit) : RUNNER_TEXTS.rangeMax(max);
  return null;
}

/** The step has an answer (a response with any value). */
export function isAnswered(response: TStepResponse | undefined | null): boolean {
  if (!response) return false;
  return (
    response.outcome !== null ||
    response.numberValue !== null ||
    (response.textValue !== null && response.textValue !== '') ||
    response.file !== null
  );
}

/** The required steps still empty, in the checklist's order (completing refuses them). */
export function missingRequired(
  steps: readonly TChecklistStep[],
  responses: readonly TStepResponse[],
): TChecklistStep[] {
  const byKey = new Map(responses.map((response) => [response.stepKey, response]));
  return steps.filter((step) => step.required && !isAnswered(byKey.get(step.key)));
}

/** The checklist's figures from its responses (the same rules as the server: done, passed, failed, N/A, flagged). */
export function summarize(
  steps: readonly TChecklistStep[],
  responses: readonly TStepResponse[],
): TChecklistSummary {
  const keys = new Set(steps.map((step) => step.key));
  const answered = responses.filter((response) => keys.has(response.stepKey) && isAnswered(response));
  return {
    total: steps.length,
    done: answered.length,
    passed: answered.filter((response) => response.outcome === 'pass').length,
    failed: answered.filter((response) => response.outcome === 'fail').length,
    na: answered.filter((response) => response.outcome === 'na').length,
    flagged: answered.filter((response) => response.flagged).length,
  };
}

/** The response a step shows once answered on this device, before (or without) the server's answer. */
export function localResponse(
  step: TChecklistStep,
  answer: TStepAnswer,
  doneAt: string,
  doneBy: { id: string; name: string } | null,
  fileUrl: string | null = null,
): TStepResponse {
  return {
    stepKey: step.key,
    outcome: answer.kind === 'check' ? answer.outcome : null,
    numberValue: answer.kind === 'number' ? answer.numberValue : null,
    textValue: answer.kind === 'text' || answer.kind === 'choice' ? answer.textValue : null,
    file:
      answer.kind === 'photo' || answer.kind === 'signature'
        ? {
            id: '',
            objectKey: '',
            fileName: answer.file.name,
            contentType: answer.file.type,
            size: answer.file.size,
            publicUrl: fileUrl ?? '',
          }
        : null,
    flagged: isFlagged(step, answer),
    doneBy,
    doneAt,
    followUpEventId: null,
  };
}

/** A step's answer in words, for the summary and the follow-up's notes ("Pass", "2.5 bar", "Photo: a.jpg"). */
export function answerText(
  step: TChecklistStep,
  response: TStepResponse,
  say: (message: MessageDescriptor) => string,
): string {
  if (response.outcome === 'pass') return say(RUNNER_TEXTS.pass);
  if (response.outcome === 'fail') return say(RUNNER_TEXTS.fail);
  if (response.outcome === 'na') return say(RUNNER_TEXTS.naLong);
  if (response.numberValue !== null) return withUnit(response.numberValue, step.unit);
  if (response.textValue !== null) return response.textValue;
  if (response.file) return say(RUNNER_TEXTS.photoChosen(response.file.fileName));
  return say(RUNNER_TEXTS.notDone);
}
