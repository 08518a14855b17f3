import type { TChecklistStep } from '@mqr/contracts';
import { numberText } from '#server/lib/i18n/formats.ts';
import type { Translator } from '#server/lib/i18n/translators.ts';
import { ANSWER_TEXTS } from './texts.ts';

/** What an answer stores, as the words need it. */
export interface WordedAnswer {
  outcome: 'pass' | 'fail' | 'na' | null;
  numberValue: number | null;
  textValue: string | null;
}

/** A number with its step's unit, the reader's way ("1.234,5 bar"). */
export function numberWithUnit(
  translator: Translator,
  step: Pick<TChecklistStep, 'unit'>,
  value: number,
): string {
  const number = numberText(translator.language, value);
  return step.unit ? `${number} ${step.unit}` : number;
}

/** A number step's acceptable range in words ("2 to 4 bar", "at least 2 bar"); null when it has none. */
export function rangeInWords(translator: Translator, step: TChecklistStep): string | null {
  const unit = (value: number) => numberWithUnit(translator, step, value);
  if (step.min !== null && step.max !== null) {
    return translator.t(ANSWER_TEXTS.rangeBetween, {
      min: numberText(translator.language, step.min),
      max: unit(step.max),
    });
  }
  if (step.min !== null) return translator.t(ANSWER_TEXTS.rangeAtLeast, { min: unit(step.min) });
  if (step.max !== null) return translator.t(ANSWER_TEXTS.rangeAtMost, { max: unit(step.max) });
  return null;
}

/** An answer in the reader's words: Passed / Failed / Not applicable, the number and unit, the text, "a photo". */
export function answerInWords(translator: Translator, step: TChecklistStep, answer: WordedAnswer): string {
  switch (step.kind) {
    case 'check':
      return answer.outcome ? translator.t(ANSWER_TEXTS[answer.outcome]) : translator.t(ANSWER_TEXTS.empty);
    case 'number':
      return answer.numberValue === null
        ? translator.t(ANSWER_TEXTS.empty)
        : numberWithUnit(translator, step, answer.numberValue);
    case 'text':
    case 'choice':
      return answer.textValue ? `“${answer.textValue}”` : translator.t(ANSWER_TEXTS.empty);
    case 'photo':
      return translator.t(ANSWER_TEXTS.photo);
    case 'signature':
      return translator.t(ANSWER_TEXTS.signature);
  }
}
