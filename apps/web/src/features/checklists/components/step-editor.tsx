import { useLingui } from '@lingui/react';
import type { TChecklistStepKind } from '@mqr/contracts';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import {
  EDITOR_KINDS,
  stepInputId,
  type TDraftAction,
  type TStepDraft,
  type TStepField,
} from '../lib/template-draft.ts';
import { STEP_KIND_NAMES, TEMPLATE_TEXTS } from '../texts.ts';
import styles from './template-editor.module.css';

/** Which of a step's buttons: the editor puts focus back on it after a move. */
export type TStepButton = 'up' | 'down' | 'remove';

export const stepButtonId = (key: string, button: TStepButton): string => `step-${key}-${button}`;
export const stepHeadingId = (key: string): string => `step-${key}-heading`;

type TStepEditorProps = {
  step: TStepDraft;
  /** 1-based. */
  position: number;
  count: number;
  errors: Partial<Record<TStepField, string>> | undefined;
  disabled: boolean;
  dispatch: (action: TDraftAction) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
};

/**
 * One step of the template editor: its kind, label and whether it is required, what its kind needs
 * (a number's unit and acceptable range, a choice's options), and buttons that move it up or down or
 * remove it (the keyboard's way to reorder, ADR 136).
 */
export function StepEditor({
  step,
  position,
  count,
  errors,
  disabled,
  dispatch,
  onMove,
  onRemove,
}: TStepEditorProps) {
  const { _ } = useLingui();
  const change = (patch: Partial<Omit<TStepDraft, 'key'>>) =>
    dispatch({ type: 'change', key: step.key, patch });
  const label = step.label.trim();
  const heading = label
    ? _(TEMPLATE_TEXTS.stepHeadingNamed(position, label))
    : _(TEMPLATE_TEXTS.stepHeading(position));
  const headingId = stepHeadingId(step.key);
  return (
    <li className={styles.step} aria-labelledby={headingId} data-invalid={errors ? true : undefined}>
      <div className={styles.stepHead}>
        <h3 id={headingId} className={styles.stepTitle} tabIndex={-1}>
          {heading}
        </h3>
        <div className={styles.stepButtons}>
          <Button
            id={stepButtonId(step.key, 'up')}
            variant="ghost"
            disabled={disabled || position === 1}
            aria-label={_(TEMPLATE_TEXTS.moveUp(position))}
            onClick={() => onMove(step.key, -1)}
          >
            <span aria-hidden="true">↑</span> {_(TEMPLATE_TEXTS.moveUpShort)}
          </Button>
          <Button
            id={stepButtonId(step.key, 'down')}
            variant="ghost"
            disabled={disabled || position === count}
            aria-label={_(TEMPLATE_TEXTS.moveDown(position))}
            onClick={() => onMove(step.key, 1)}
          >
            <span aria-hidden="true">↓</span> {_(TEMPLATE_TEXTS.moveDownShort)}
          </Button>
          <Button
            id={stepButtonId(step.key, 'remove')}
            variant="ghost"
            disabled={disabled}
            aria-label={_(TEMPLATE_TEXTS.remove(position))}
            onClick={() => onRemove(step.key)}
          >
            {_(TEMPLATE_TEXTS.removeShort)}
          </Button>
        </div>
      </div>
      <div className={styles.stepGrid}>
        <TextField
          id={stepInputId(step.key, 'label')}
          label={_(TEMPLATE_TEXTS.label)}
          autoComplete="off"
          aria-required
          value={step.label}
          disabled={disabled}
          error={errors?.label}
          onChange={(event) => change({ label: event.target.value })}
        />
        <SelectField
          id={stepInputId(step.key, 'kind')}
          label={_(TEMPLATE_TEXTS.kind)}
          value={step.kind}
          disabled={disabled}
          error={errors?.kind}
          onChange={(event) => change({ kind: event.target.value as TChecklistStepKind })}
        >
          {EDITOR_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {_(STEP_KIND_NAMES[kind])}
            </option>
          ))}
        </SelectField>
      </div>
      {step.kind === 'number' ? (
        <div className={styles.numberGrid}>
          <p className={styles.hint}>{_(TEMPLATE_TEXTS.rangeHint)}</p>
          <TextField
            id={stepInputId(step.key, 'unit')}
            label={_(TEMPLATE_TEXTS.unit)}
            hint={_(TEMPLATE_TEXTS.unitHint)}
            autoComplete="off"
            value={step.unit}
            disabled={disabled}
            error={errors?.unit}
            onChange={(event) => change({ unit: event.target.value })}
          />
          <TextField
            id={stepInputId(step.key, 'min')}
            label={_(TEMPLATE_TEXTS.min)}
            inputMode="decimal"
            autoComplete="off"
            value={step.min}
            disabled={disabled}
            error={errors?.min}
            onChange={(event) => change({ min: event.target.value })}
          />
          <TextField
            id={stepInputId(step.key, 'max')}
            label={_(TEMPLATE_TEXTS.max)}
            inputMode="decimal"
            autoComplete="off"
            value={step.max}
            disabled={disabled}
            error={errors?.max}
            onChange={(event) => change({ max: event.target.value })}
          />
        </div>
      ) : null}
      {step.kind === 'choice' ? (
        <TextareaField
          id={stepInputId(step.key, 'options')}
          label={_(TEMPLATE_TEXTS.options)}
          hint={_(TEMPLATE_TEXTS.optionsHint)}
          rows={4}
          value={step.options}
          disabled={disabled}
          error={errors?.options}
          onChange={(event) => change({ options: event.target.value })}
        />
      ) : null}
      <CheckboxField
        label={_(TEMPLATE_TEXTS.required)}
        checked={step.required}
        disabled={disabled}
        onChange={(event) => change({ required: event.target.checked })}
      />
    </li>
  );
}
