import { useLingui } from '@lingui/react';
import type { TChecklistTemplateBody } from '@mqr/contracts';
import { type FormEvent, useEffect, useReducer, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import hidden from '#web/components/ui/visually-hidden.module.css';
import {
  checkDraft,
  draftReducer,
  emptyStep,
  firstErrorInput,
  NO_ERRORS,
  stepInputId,
  type TDraftErrors,
  type TTemplateDraft,
} from '../lib/template-draft.ts';
import { TEMPLATE_TEXTS } from '../texts.ts';
import { StepEditor, stepButtonId, stepHeadingId } from './step-editor.tsx';
import styles from './template-editor.module.css';

/** What the server refused of the last save, on the draft's inputs (a new object each time). */
export type TServerRefusal = { errors: TDraftErrors; message: string };

type TTemplateEditorProps = {
  initial: TTemplateDraft;
  /** A save is under way: nothing can change. */
  busy: boolean;
  /** The server's refusal of the last save, if any. */
  refusal: TServerRefusal | null;
  /** A body the browser's checks accept, to send. */
  onSave: (body: TChecklistTemplateBody) => void;
  onCancel: () => void;
};

/**
 * Create or edit a checklist template (docs/product/checklists-screens.md#the-template-editor): its
 * name and its steps in order. Steps are added at the end, moved up or down one place with their
 * buttons (keyboard and screen reader alike, no dragging needed) and removed; each change is said
 * aloud. A save the browser or the server refuses marks each input concerned and moves focus to the
 * first.
 */
export function TemplateEditor({ initial, busy, refusal, onSave, onCancel }: TTemplateEditorProps) {
  const { _ } = useLingui();
  const [draft, dispatch] = useReducer(draftReducer, initial);
  const drawn = useRef(draft);
  drawn.current = draft;
  const [errors, setErrors] = useState<TDraftErrors>(NO_ERRORS);
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  /** Where focus goes once React has drawn the change (an element id). */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    const element = document.getElementById(focusNext.current);
    focusNext.current = null;
    element?.focus();
  });

  // The server's answer replaces what the browser said, and focus goes to its first problem.
  useEffect(() => {
    if (!refusal) return;
    setErrors(refusal.errors);
    setFailure(refusal.message);
    // Only a new refusal moves focus, not a draft changed since: the draft is read as it is now.
    const first = firstErrorInput(drawn.current, refusal.errors);
    if (first) document.getElementById(first)?.focus();
  }, [refusal]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure(_(TEMPLATE_TEXTS.saveFailed));
      const first = firstErrorInput(draft, checked.errors);
      if (first) document.getElementById(first)?.focus();
      return;
    }
    setErrors(NO_ERRORS);
    setFailure(null);
    onSave(checked.body);
  }

  function add() {
    const step = emptyStep();
    dispatch({ type: 'add', step });
    focusNext.current = stepInputId(step.key, 'label');
  }

  function move(key: string, by: -1 | 1) {
    const from = draft.steps.findIndex((step) => step.key === key);
    const to = from + by;
    const step = draft.steps[from];
    if (!step || to < 0 || to >= draft.steps.length) return;
    dispatch({ type: 'move', key, by });
    // The same button again, unless the step reached an end: then the other direction's.
    const atEnd = to === 0 || to === draft.steps.length - 1;
    const button = by < 0 ? (atEnd ? 'down' : 'up') : atEnd ? 'up' : 'down';
    focusNext.current = stepButtonId(key, draft.steps.length === 1 ? 'remove' : button);
    setSaid(_(TEMPLATE_TEXTS.moved(step.label.trim() || _(TEMPLATE_TEXTS.unnamedStep), to + 1)));
  }

  function remove(key: string) {
    const index = draft.steps.findIndex((step) => step.key === key);
    const step = draft.steps[index];
    if (!step) return;
    dispatch({ type: 'remove', key });
    const next = draft.steps[index + 1] ?? draft.steps[index - 1];
    focusNext.current = next ? stepHeadingId(next.key) : 'checklist-add-step';
    setSaid(_(TEMPLATE_TEXTS.removed(step.label.trim() || _(TEMPLATE_TEXTS.unnamedStep))));
    setErrors((current) => {
      const { [key]: _gone, ...byStep } = current.byStep;
      return { ...current, byStep };
    });
  }

  const invalidSteps = Object.keys(errors.byStep).length;

  return (
    <form className={styles.editor} onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        id="checklist-name"
        label={_(TEMPLATE_TEXTS.name)}
        autoComplete="off"
        aria-required
        value={draft.name}
        disabled={busy}
        error={errors.name}
        onChange={(event) => dispatch({ type: 'name', name: event.target.value })}
      />
      <section className={styles.steps} aria-labelledby="checklist-steps-title">
        <h2 id="checklist-steps-title" className={styles.stepsTitle}>
          {_(TEMPLATE_TEXTS.stepsLegend)}
        </h2>
        <p className={styles.hint}>{_(TEMPLATE_TEXTS.stepsHint)}</p>
        {draft.steps.length === 0 ? <p className={styles.hint}>{_(TEMPLATE_TEXTS.noSteps)}</p> : null}
        <ol className={styles.stepList}>
          {draft.steps.map((step, index) => (
            <StepEditor
              key={step.key}
              step={step}
              position={index + 1}
              count={draft.steps.length}
              errors={errors.byStep[step.key]}
              disabled={busy}
              dispatch={dispatch}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </ol>
        <div>
          <Button
            id="checklist-add-step"
            variant="secondary"
            disabled={busy}
            aria-describedby={errors.steps ? 'checklist-steps-error' : undefined}
            onClick={add}
          >
            {_(TEMPLATE_TEXTS.addStep)}
          </Button>
          {errors.steps ? (
            <p id="checklist-steps-error" className={styles.error}>
              {errors.steps}
            </p>
          ) : null}
        </div>
        <p className={hidden.visuallyHidden} aria-live="polite">
          {said}
        </p>
      </section>
      {failure ? (
        <Alert>
          <p>{failure}</p>
          {invalidSteps > 0 ? <p>{_(TEMPLATE_TEXTS.problemsInSteps(invalidSteps))}</p> : null}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? _(TEMPLATE_TEXTS.saving) : _(TEMPLATE_TEXTS.save)}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {_(TEMPLATE_TEXTS.cancel)}
        </Button>
      </div>
    </form>
  );
}
