import { useLingui } from '@lingui/react';
import {
  CHECK_OUTCOMES,
  CHECKLIST_TEXT_MAX_LENGTH,
  isSaneChecklistNumber,
  type TChecklistResponse,
  type TChecklistStep,
  type TCheckOutcome,
} from '@mqr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { parseDecimal } from '../lib/decimal.ts';
import { jpegPhoto } from '../lib/jpeg-photo.ts';
import { formatStepNumber, rangeHint, type TStepAnswer } from '../lib/step-values.ts';
import { RUNNER_TEXTS } from '../texts.ts';
import styles from './checklist-runner.module.css';
import { SignaturePadField } from './signature-pad-field.tsx';
import { StepImage } from './step-image.tsx';

type TStepAnswerInputProps = {
  step: TChecklistStep;
  response: TChecklistResponse | undefined;
  /** The id of the step's label (the groups are named by it). */
  labelId: string;
  busy: boolean;
  onAnswer: (answer: TStepAnswer) => void;
};

const OUTCOME_TEXTS = { pass: RUNNER_TEXTS.pass, fail: RUNNER_TEXTS.fail, na: RUNNER_TEXTS.na };

/** The input a step's kind takes (docs/product/checklists-screens.md#the-runner), saved when done. */
export function StepAnswerInput(props: TStepAnswerInputProps) {
  switch (props.step.kind) {
    case 'check':
      return <CheckButtons {...props} />;
    case 'number':
      return <NumberInput {...props} />;
    case 'text':
      return <TextInput {...props} />;
    case 'choice':
      return <ChoiceButtons {...props} />;
    case 'photo':
      return <PhotoInput {...props} />;
    case 'signature':
      return <SignatureInput {...props} />;
  }
}

/** Pass, Fail, N/A: three big buttons, the chosen one pressed; a press saves. */
function CheckButtons({ response, labelId, busy, onAnswer }: TStepAnswerInputProps) {
  const { _ } = useLingui();
  return (
    <fieldset className={styles.bigChoices} aria-labelledby={labelId}>
      {CHECK_OUTCOMES.map((outcome: TCheckOutcome) => (
        <button
          key={outcome}
          type="button"
          className={styles.bigChoice}
          data-outcome={outcome}
          aria-pressed={response?.outcome === outcome}
          aria-label={outcome === 'na' ? _(RUNNER_TEXTS.naLong) : undefined}
          disabled={busy}
          onClick={() => onAnswer({ kind: 'check', outcome })}
        >
          <span aria-hidden="true" className={styles.mark}>
            {outcome === 'pass' ? '✓' : outcome === 'fail' ? '✗' : '–'}
          </span>
          {_(OUTCOME_TEXTS[outcome])}
        </button>
      ))}
    </fieldset>
  );
}

/** One option of a choice step per big button; a press saves. */
function ChoiceButtons({ step, response, labelId, busy, onAnswer }: TStepAnswerInputProps) {
  return (
    <fieldset className={styles.optionList} aria-labelledby={labelId}>
      {(step.options ?? []).map((option) => (
        <button
          key={option}
          type="button"
          className={styles.option}
          aria-pressed={response?.textValue === option}
          disabled={busy}
          onClick={() => onAnswer({ kind: 'choice', textValue: option })}
        >
          {option}
        </button>
      ))}
    </fieldset>
  );
}

/** A number with the step's unit in its label and the acceptable range under it; Save (or Enter) saves. */
function NumberInput({ step, response, busy, onAnswer }: TStepAnswerInputProps) {
  const { _ } = useLingui();
  const [text, setText] = useState(
    response?.numberValue === null || response?.numberValue === undefined
      ? ''
      : formatStepNumber(response.numberValue),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const hint = rangeHint(step);
  function submit(event: FormEvent) {
    event.preventDefault();
    const value = parseDecimal(text.replace(/[\s\u00a0\u202f]/g, ''));
    if (Number.isNaN(value) || !isSaneChecklistNumber(value)) {
      setProblem(_(RUNNER_TEXTS.notANumber));
      return;
    }
    setProblem(null);
    onAnswer({ kind: 'number', numberValue: value });
  }
  return (
    <form className={styles.valueForm} onSubmit={submit} noValidate>
      <TextField
        label={step.unit ? _(RUNNER_TEXTS.valueWithUnit(step.unit)) : _(RUNNER_TEXTS.value)}
        inputMode="decimal"
        autoComplete="off"
        className={styles.bigInput}
        value={text}
        disabled={busy}
        hint={hint ? _(hint) : undefined}
        error={problem ?? undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {_(RUNNER_TEXTS.saveValue)}
      </Button>
    </form>
  );
}

function TextInput({ response, busy, onAnswer }: TStepAnswerInputProps) {
  const { _ } = useLingui();
  const [text, setText] = useState(response?.textValue ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem(_(RUNNER_TEXTS.textEmpty));
      return;
    }
    setProblem(null);
    onAnswer({ kind: 'text', textValue: text.trim() });
  }
  return (
    <form className={styles.valueForm} onSubmit={submit} noValidate>
      <TextareaField
        label={_(RUNNER_TEXTS.answer)}
        rows={3}
        maxLength={CHECKLIST_TEXT_MAX_LENGTH}
        value={text}
        disabled={busy}
        error={problem ?? undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {_(RUNNER_TEXTS.saveValue)}
      </Button>
    </form>
  );
}

/** A photo from the camera (or the phone's pictures): choosing one saves it. */
function PhotoInput({ step, response, busy, onAnswer }: TStepAnswerInputProps) {
  const { _ } = useLingui();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const url = response?.file?.publicUrl;
  return (
    <div className={styles.fileStep}>
      {url ? <StepImage kind="photo" src={url} alt={_(RUNNER_TEXTS.photoImage(step.label))} /> : null}
      <input
        id={inputId}
        className={styles.fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        disabled={busy}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          // The server keeps JPEG photos: another image is saved as one first.
          void jpegPhoto(chosen).then((file) => {
            if (!file) {
              setProblem(_(RUNNER_TEXTS.notAnImage));
              return;
            }
            setProblem(null);
            onAnswer({ kind: 'photo', file });
          });
        }}
      />
      <label htmlFor={inputId} className={styles.fileButton} data-disabled={busy || undefined}>
        {_(url ? RUNNER_TEXTS.replacePhoto : RUNNER_TEXTS.takePhoto)}
      </label>
      {problem ? (
        <p id={`${inputId}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The signature pad; a saved signature shows as its image, with "Sign again". */
function SignatureInput({ step, response, labelId, busy, onAnswer }: TStepAnswerInputProps) {
  const { _ } = useLingui();
  const [again, setAgain] = useState(false);
  const url = response?.file?.publicUrl;
  if (url && !again) {
    return (
      <div className={styles.fileStep}>
        <StepImage kind="signature" src={url} alt={_(RUNNER_TEXTS.signatureImage(step.label))} />
        <div>
          <Button variant="secondary" disabled={busy} onClick={() => setAgain(true)}>
            {_(RUNNER_TEXTS.signAgain)}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <SignaturePadField
      labelId={labelId}
      busy={busy}
      onSave={(file) => {
        setAgain(false);
        onAnswer({ kind: 'signature', file });
      }}
    />
  );
}
