import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { formatNumber } from '#web/lib/dates.ts';
import { UI_TEXTS } from '#web/lib/texts.ts';
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
  const { _ } = useLingui();
  const labelId = useId();
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  const shown = _(UI_TEXTS.percent(formatNumber(percent)));
  return (
    <div className={styles.wrap}>
      <div className={styles.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        <span className={styles.status}>{status ?? shown}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={status ? _(UI_TEXTS.percentWithStatus(formatNumber(percent), status)) : shown}
        className={`${styles.track} ${styles[tone]}`}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
