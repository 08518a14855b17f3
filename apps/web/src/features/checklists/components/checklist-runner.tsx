import { useLingui } from '@lingui/react';
import type { TChecklistResponse, TChecklistStep, TTaskChecklist } from '@mqr/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { isAnswered, isFlagged, missingRequired, type TStepAnswer } from '../lib/step-values.ts';
import { RUNNER_TEXTS } from '../texts.ts';
import styles from './checklist-runner.module.css';
import {
  followUpButtonId,
  StepCard,
  stepTitleId,
  type TFollowUpState,
  type TStepState,
} from './step-card.tsx';

/** Where completing the task stands. */
export type TCompletionState =
  | { kind: 'idle' }
  | { kind: 'completing' }
  | { kind: 'completed'; queued: boolean }
  | { kind: 'failed'; message: string };

type TChecklistRunnerProps = {
  checklist: TTaskChecklist;
  states: Readonly<Record<string, TStepState>>;
  followUps: Readonly<Record<string, TFollowUpState>>;
  completion: TCompletionState;
  /** The required steps the server said are empty (a completion it refused); null when it said none. */
  refusedMissing: readonly string[] | null;
  onAnswer: (step: TChecklistStep, answer: TStepAnswer) => void;
  onClear: (step: TChecklistStep) => void;
  onFollowUp: (step: TChecklistStep, response: TChecklistResponse) => void;
  onLater: (step: TChecklistStep) => void;
  /** Completes the task; called only when no required step is empty on this device. */
  onComplete: () => void;
};

const NONE: TStepState = { kind: 'idle' };

/**
 * Working through a task's checklist (docs/product/checklists-screens.md#the-runner): the steps one
 * after another, each saved when done; focus moves on to the next step still open, or to the
 * follow-up question of a step that failed. "Complete task" refuses while required steps are empty,
 * names them and moves focus to the first.
 */
export function ChecklistRunner(props: TChecklistRunnerProps) {
  const { _ } = useLingui();
  const { checklist, states, followUps, completion, refusedMissing } = props;
  const { steps, responses, summary, editable } = checklist;
  const byKey = new Map(responses.map((response) => [response.stepKey, response]));
  const [missing, setMissing] = useState<readonly string[]>([]);
  /** Where focus goes once drawn: the answer shows a render or two later (the query cache tells its
   * readers on the next tick), so the target waits a few renders for its element. */
  const focusNext = useRef<{ id: string; tries: number } | null>(null);
  const moveFocus = (id: string) => {
    focusNext.current = { id, tries: 0 };
  };

  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    const element = document.getElementById(next.id);
    next.tries += 1;
    if (element || next.tries > 5) focusNext.current = null;
    element?.focus();
  });

  // The server named empty required steps: the same as when this device finds them.
  useEffect(() => {
    if (!refusedMissing || refusedMissing.length === 0) return;
    setMissing(refusedMissing);
    document.getElementById(stepTitleId(refusedMissing[0] as string))?.focus();
  }, [refusedMissing]);

  // A step answered since is no longer missing.
  const stillMissing = missing.filter((key) => !isAnswered(byKey.get(key)));

  function answer(step: TChecklistStep, given: TStepAnswer) {
    props.onAnswer(step, given);
    if (isFlagged(step, given)) {
      moveFocus(followUpButtonId(step.key));
      return;
    }
    const at = steps.indexOf(step);
    const open = [...steps.slice(at + 1), ...steps.slice(0, at)].find(
      (other) => !isAnswered(byKey.get(other.key)),
    );
    moveFocus(open ? stepTitleId(open.key) : 'checklist-complete');
  }

  function complete() {
    const empty = missingRequired(steps, responses).map((step) => step.key);
    setMissing(empty);
    if (empty.length > 0) {
      document.getElementById(stepTitleId(empty[0] as string))?.focus();
      return;
    }
    props.onComplete();
  }

  const missingSteps = steps.filter((step) => stillMissing.includes(step.key));
  return (
    <div className={styles.runner}>
      <ProgressBar
        label={_(RUNNER_TEXTS.progressLabel)}
        value={summary.total === 0 ? 100 : (summary.done / summary.total) * 100}
        status={_(RUNNER_TEXTS.progress(summary.done, summary.total))}
        tone={summary.flagged > 0 ? 'error' : summary.done === summary.total ? 'success' : 'default'}
      />
      <ol className={styles.steps}>
        {steps.map((step, index) => {
          const response = byKey.get(step.key);
          return (
            <StepCard
              key={step.key}
              step={step}
              position={index + 1}
              total={steps.length}
              response={response}
              state={states[step.key] ?? NONE}
              followUp={followUps[step.key] ?? 'ask'}
              missing={stillMissing.includes(step.key)}
              editable={editable && completion.kind !== 'completing'}
              onAnswer={(given) => answer(step, given)}
              onClear={() => props.onClear(step)}
              onFollowUp={() => response && props.onFollowUp(step, response)}
              onLater={() => props.onLater(step)}
            />
          );
        })}
      </ol>
      {editable ? (
        <div className={styles.completeBox}>
          {missingSteps.length > 0 ? (
            <Alert>
              <p>{_(RUNNER_TEXTS.missing(missingSteps.length))}</p>
              <ul className={styles.missingList}>
                {missingSteps.map((step) => (
                  <li key={step.key}>
                    <a
                      href={`#${stepTitleId(step.key)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        document.getElementById(stepTitleId(step.key))?.focus();
                      }}
                    >
                      {step.label}
                    </a>
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {completion.kind === 'failed' ? <Alert>{completion.message}</Alert> : null}
          <Button
            id="checklist-complete"
            block
            className={styles.completeButton}
            disabled={completion.kind === 'completing'}
            onClick={complete}
          >
            {completion.kind === 'completing' ? _(RUNNER_TEXTS.completing) : _(RUNNER_TEXTS.complete)}
          </Button>
        </div>
      ) : completion.kind === 'completed' ? (
        <Alert tone="success">
          {_(completion.queued ? RUNNER_TEXTS.completedQueued : RUNNER_TEXTS.completed)}
        </Alert>
      ) : null}
    </div>
  );
}
