import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.tsx';
import styles from './text-field.module.css';

type TSelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** A labelled select with an optional hint and error message. */
export function SelectField({ label, error, hint, id, ref, children, ...rest }: TSelectFieldProps) {
  return (
    <FieldFrame label={label} id={id} hint={hint} error={error}>
      {(control) => (
        <select ref={ref} className={`${styles.input} ${styles.select}`} {...control} {...rest}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
