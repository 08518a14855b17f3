import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.tsx';
import styles from './text-field.module.css';

type TTextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line input with an optional hint and error message. */
export function TextareaField({ label, error, hint, id, ref, rows = 3, ...rest }: TTextareaFieldProps) {
  return (
    <FieldFrame label={label} id={id} hint={hint} error={error}>
      {(control) => (
        <textarea
          ref={ref}
          rows={rows}
          className={`${styles.input} ${styles.textarea}`}
          {...control}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}
