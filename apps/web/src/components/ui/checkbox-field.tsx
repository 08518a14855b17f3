import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './text-field.module.css';

type TCheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  /** Said under the box and read as its description. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label beside it (the whole label is the click target). */
export function CheckboxField({ label, hint, id, ref, ...rest }: TCheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const box = (
    <div className={styles.check}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className={styles.checkbox}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        {...rest}
      />
      <label htmlFor={inputId}>{label}</label>
    </div>
  );
  if (!hint) return box;
  return (
    <div className={styles.checkWithHint}>
      {box}
      <span id={`${inputId}-hint`} className={styles.hint}>
        {hint}
      </span>
    </div>
  );
}
