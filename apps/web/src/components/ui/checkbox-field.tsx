import { type InputHTMLAttributes, type Ref, useId } from 'react';
import styles from './text-field.module.css';

type TCheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label beside it (the whole label is the click target). */
export function CheckboxField({ label, id, ref, ...rest }: TCheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={styles.check}>
      <input ref={ref} id={inputId} type="checkbox" className={styles.checkbox} {...rest} />
      <label htmlFor={inputId}>{label}</label>
    </div>
  );
}
