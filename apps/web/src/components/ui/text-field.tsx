import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame } from './field-frame.tsx';
import styles from './text-field.module.css';

type TTextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with an optional hint and error message. */
export function TextField({ label, error, hint, id, ref, ...rest }: TTextFieldProps) {
  return (
    <FieldFrame label={label} id={id} hint={hint} error={error}>
      {(control) => <input ref={ref} className={styles.input} {...control} {...rest} />}
    </FieldFrame>
  );
}
