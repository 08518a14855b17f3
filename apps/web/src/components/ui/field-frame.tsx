import { type ReactNode, useId } from 'react';
import styles from './text-field.module.css';

/** What a form control needs to be linked to its label, hint and error. */
export interface TControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface TFieldFrameProps {
  label: string;
  id?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: TControlProps) => ReactNode;
}

/** The label, hint and error around one control, linked through htmlFor and aria-describedby. */
export function FieldFrame({ label, id, hint, error, children }: TFieldFrameProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
