import { useLingui } from '@lingui/react';
import type { TChecklistResponse, TChecklistStep } from '@mqr/contracts';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { answerText, isAnswered, type TStepAnswer, withUnit } from '../lib/step-values.ts';
import { RUNNER_TEXTS } from '../texts.ts';
import styles from './checklist-runner.module.css';
import { StepAnswerInput } from './step-answer-input.tsx';
import { StepImage } from './step-image.tsx';

/** Where a step's last write stands on this screen. */
export type TStepState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'queued'; at: string }
  | { kind: 'failed'; message: string };

/** What became of the follow-up a flagged step offers. */
export type TFollowUpState = 'ask' | 'later' | { opened: string } | { queued: string };

export const stepCardId = (key: string) => `checklist-step-${key}`;
export const stepTitleId = (key: string) => `checklist-step-${key}-title`;
export const followUpButtonId = (key: string) => `checklist-step-${key}-follow-up`;

type TStepCardProps = {
  step: TChecklistStep;
  position: number;
  total: number;
  response: TChecklistResponse | undefined;
  state: TStepState;
  followUp: TFollowUpState;
  /** A required step still empty when completing was asked for. */
  missing: boolean;
  editable: boolean;
  onAnswer: (answer: TStepAnswer) => void;
  onClear: () => void;
  onFollowUp: () => void;
  onLater: () => void;
};

/**
 * One step of the runner: its place, label and whether it is required, its input, who did it and
 * when, and, when it failed or read outside its range, a highlight and the follow-up question.
 */
export function StepCard(props: TStepCardProps) {
  const { _ } = useLingui();
  const { step, position, total, response, state, followUp, missing, editable } = props;
  const answered = isAnswered(response);
  const flagged = answered && response?.flagged === true;
  const titleId = stepTitleId(step.key);
  const busy = state.kind === 'saving';
  return (
    <li
      id={stepCardId(step.key)}
      className={styles.card}
      aria-labelledby={titleId}
      data-done={answered || undefined}
      data-flagged={flagged || undefined}
      data-missing={missing || undefined}
    >
      <div className={styles.cardHead}>
        <span className={styles.position}>{_(RUNNER_TEXTS.stepOf(position, total))}</span>
        <span className={step.required ? styles.required : styles.optional}>
          {_(step.required ? RUNNER_TEXTS.required : RUNNER_TEXTS.optional)}
        </span>
        {answered ? (
          <span className={styles.doneMark} aria-hidden="true">
            ✓
          </span>
        ) : null}
      </div>
      <h2 id={titleId} className={styles.cardTitle} tabIndex={-1}>
        {step.label}
      </h2>
      {editable ? (
        <StepAnswerInput
          // A new answer from elsewhere (the server, a reload) starts the inputs afresh.
          key={`${response?.doneAt ?? ''}`}
          step={step}
          response={response}
          labelId={titleId}
          busy={busy}
          onAnswer={props.onAnswer}
        />
      ) : response?.file ? null : (
        // A photo or a signature shows as its image below; other answers in words.
        <p className={styles.readAnswer}>
          {response ? answerText(step, response, _) : _(RUNNER_TEXTS.notDone)}
        </p>
      )}
      {!editable && response?.file ? (
        <StepImage
          kind={step.kind === 'signature' ? 'signature' : 'photo'}
          src={response.file.publicUrl}
          alt={_(
            step.kind === 'signature'
              ? RUNNER_TEXTS.signatureImage(step.label)
              : RUNNER_TEXTS.photoImage(step.label),
          )}
        />
      ) : null}
      <StepStatus response={answered ? response : undefined} state={state} />
      {flagged && response ? (
        <FollowUpPrompt
          step={step}
          response={response}
          followUp={followUp}
          editable={editable}
          onFollowUp={props.onFollowUp}
          onLater={props.onLater}
        />
      ) : null}
      {editable && answered && !busy ? (
        <div>
          <Button variant="ghost" onClick={props.onClear}>
            {_(RUNNER_TEXTS.clear)}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function StepStatus({ response, state }: { response: TChecklistResponse | undefined; state: TStepState }) {
  const { _ } = useLingui();
  let text: string | null = null;
  if (state.kind === 'saving') text = _(RUNNER_TEXTS.saving);
  else if (state.kind === 'queued') text = _(RUNNER_TEXTS.queued(formatDateTime(state.at)));
  else if (response?.doneBy?.name)
    text = _(RUNNER_TEXTS.doneBy(response.doneBy.name, formatDateTime(response.doneAt)));
  else if (response) text = _(RUNNER_TEXTS.doneAt(formatDateTime(response.doneAt)));
  return (
    <>
      <p className={styles.status} role="status">
        {text}
      </p>
      {state.kind === 'failed' ? (
        <p className={styles.problem} role="alert">
          {state.message}
        </p>
      ) : null}
    </>
  );
}

function FollowUpPrompt({
  step,
  response,
  followUp,
  editable,
  onFollowUp,
  onLater,
}: Pick<TStepCardProps, 'step' | 'followUp' | 'editable' | 'onFollowUp' | 'onLater'> & {
  response: TChecklistResponse;
}) {
  const { _ } = useLingui();
  const why =
    response.numberValue !== null
      ? _(RUNNER_TEXTS.flaggedRange(withUnit(response.numberValue, step.unit)))
      : _(RUNNER_TEXTS.flaggedFail);
  const opened = response.followUpEventId !== null || typeof followUp === 'object';
  return (
    <div className={styles.flag}>
      <p className={styles.flagWhy}>
        <span aria-hidden="true">⚠ </span>
        {why}
      </p>
      {typeof followUp === 'object' && 'queued' in followUp ? (
        <p>{_(RUNNER_TEXTS.followUpQueued(followUp.queued))}</p>
      ) : typeof followUp === 'object' ? (
        <p>{_(RUNNER_TEXTS.followUpOpened(followUp.opened))}</p>
      ) : opened ? (
        <p>{_(RUNNER_TEXTS.followUpExists)}</p>
      ) : editable && followUp === 'ask' ? (
        <div className={styles.flagAsk}>
          <p>{_(RUNNER_TEXTS.askFollowUp)}</p>
          <div className={styles.flagButtons}>
            <Button id={followUpButtonId(step.key)} onClick={onFollowUp}>
              {_(RUNNER_TEXTS.openFollowUp)}
            </Button>
            <Button variant="secondary" onClick={onLater}>
              {_(RUNNER_TEXTS.notNow)}
            </Button>
          </div>
        </div>
      ) : editable ? (
        <div>
          <Button id={followUpButtonId(step.key)} variant="secondary" onClick={onFollowUp}>
            {_(RUNNER_TEXTS.openFollowUp)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
