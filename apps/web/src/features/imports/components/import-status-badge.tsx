import { useLingui } from '@lingui/react';
import type { TImportRun } from '@mqr/contracts';
import { IMPORT_STATUS_TEXTS } from '../texts.ts';
import styles from './import-status-badge.module.css';

function toneOf(run: Pick<TImportRun, 'status' | 'problemCount'>): string | undefined {
  switch (run.status) {
    case 'Checking':
    case 'Importing':
      return styles.running;
    case 'Checked':
      return run.problemCount > 0 ? styles.warning : styles.good;
    case 'Done':
      return styles.good;
    case 'Failed':
      return styles.bad;
    default:
      return undefined;
  }
}

/** An import's status as a coloured label (the text says it; the colour only repeats it). */
export function ImportStatusBadge({ run }: { run: Pick<TImportRun, 'status' | 'problemCount'> }) {
  const { _ } = useLingui();
  return (
    <span className={[styles.badge, toneOf(run)].filter(Boolean).join(' ')}>
      {_(IMPORT_STATUS_TEXTS[run.status])}
    </span>
  );
}
