import { type ReactNode, useId } from 'react';
import styles from './switch-field.module.css';

type TSwitchFieldProps = {
  label: string;
  hint?: ReactNode;
  /** Undefined while the saved state is not known yet: shown off and disabled. */
  checked: boolean | undefined;
  onChange: (checked: boolean) => void;
  /** While a change is saved: announced as unavailable and not switchable, but it keeps the focus. */
  busy?: boolean;
};

/**
 * An on/off setting that takes effect when switched (the ARIA switch pattern): the label and its hint
 * are the switch's name and description, and the whole row is the click target.
 */
export function SwitchField({ label, hint, checked, onChange, busy = false }: TSwitchFieldProps) {
  const id = useId();
  const on = checked === true;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={`${id}-label`}
      aria-describedby={hint ? `${id}-hint` : undefined}
      className={styles.row}
      disabled={checked === undefined}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onChange(!on);
      }}
    >
      <span className={styles.text}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        ) : null}
      </span>
      <SwitchTrack on={on} />
    </button>
  );
}

/** The drawn switch (its state is the control's aria-checked): for a switch laid out another way. */
export function SwitchTrack({ on }: { on: boolean }) {
  return <span className={`${styles.track} ${on ? styles.on : ''}`} aria-hidden="true" />;
}
