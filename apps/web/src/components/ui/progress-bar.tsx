import { useId } from 'react';
import styles from './progress-bar.module.css';

type TProgressBarProps = {
  /** Names the bar (e.g. the file name). */
  label: string;
  /** 0 to 100. */
  value: number;
  /** What the value means in words, e.g. "Uploaded" or "Upload failed". */
  status?: string | undefined;
  tone?: 'default' | 'success' | 'error';
};

/** A labelled determinate progress bar (role="progressbar" with aria-valuenow). */
export function ProgressBar({ label, value, status, tone = 'default' }: TProgressBarProps) {
  const labelId = useId();
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={styles.wrap}>
      <div className={styles.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        <span className={styles.status}>{status ?? `${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={status ? `${percent}%, ${status}` : `${percent}%`}
        className={`${styles.track} ${styles[tone]}`}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
