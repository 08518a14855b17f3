import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  joinLocationPath,
  LOCATION_PATH_SEPARATOR,
  splitLocationPath,
  type TImportRun,
} from '@mqr/contracts';
import { useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { PrintLabelsButton } from '#web/features/labels/index.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useCommitImport } from '../api/start-import-commit.ts';
import { IMPORT_TEXTS } from '../texts.ts';
import { ImportProblems } from './import-problems.tsx';
import styles from './import-run-page.module.css';
import { UndoImportDialog } from './undo-import-dialog.tsx';

/** Whether the import has anything to show above its mapping (a freshly uploaded one has not). */
export function hasResult(run: TImportRun): boolean {
  return run.status !== 'Uploaded';
}

function percentOf(run: TImportRun): number {
  return run.rowCount > 0 ? (run.rowsDone / run.rowCount) * 100 : 0;
}

/** How many assets the import created, whose labels can be printed (a history import creates events). */
function createdAssets(run: TImportRun): number {
  return run.kind === 'assets' ? run.createdCount : 0;
}

/** What a check that passed says: every row passed and, for assets, what each would do (ADR 092). */
function passedText(run: TImportRun): MessageDescriptor {
  return run.kind === 'assets' && run.planned
    ? IMPORT_TEXTS.passedWithPlan(run.rowCount, run.planned)
    : IMPORT_TEXTS.passed(run.rowCount);
}

/** New locations shown before the list is opened: enough to spot a typo, short enough to reach the import button. */
const NEW_LOCATIONS_SHOWN = 10;

/** A location's full path, its last level (the one it makes) set apart from the levels above it. */
function PathText({ path }: { path: string }) {
  const levels = splitLocationPath(path);
  const last = levels.pop();
  return (
    <>
      {levels.length > 0 ? (
        <span className={styles.pathAbove}>{`${joinLocationPath(levels)}${LOCATION_PATH_SEPARATOR}`}</span>
      ) : null}
      <span>{last}</span>
    </>
  );
}

/**
 * The locations the commit will make for the file's location column, by full path, so that a typo
 * ("Bulding 2") shows before anything is written: the first few, the rest of those listed behind a
 * button (the server lists 50 of them), then how many are not listed.
 */
function NewLocations({ run }: { run: TImportRun }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const listId = useId();
  const count = run.planned?.newLocationCount ?? 0;
  const listed = run.planned?.newLocations ?? [];
  if (count === 0) return null;
  const folded = listed.length - NEW_LOCATIONS_SHOWN;
  const shown = open ? listed : listed.slice(0, NEW_LOCATIONS_SHOWN);
  return (
    <div className={styles.newLocations}>
      <p id={titleId}>{_(IMPORT_TEXTS.newLocations(count))}</p>
      <ul id={listId} className={styles.paths} aria-labelledby={titleId}>
        {shown.map((path) => (
          <li key={path}>
            <PathText path={path} />
          </li>
        ))}
      </ul>
      {folded > 0 ? (
        <div>
          <Button variant="ghost" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            {_(open ? IMPORT_TEXTS.fewerNewLocations : IMPORT_TEXTS.moreNewLocationsShown(folded))}
          </Button>
        </div>
      ) : null}
      {count > listed.length ? (
        <p className={styles.muted}>{_(IMPORT_TEXTS.moreNewLocations(count - listed.length))}</p>
      ) : null}
    </div>
  );
}

/** The hint under a check that passed: how the rows will be written. */
function importHint(run: TImportRun): MessageDescriptor {
  if (run.kind === 'assets') return IMPORT_TEXTS.matchHints[run.matchBy ?? 'none'];
  return IMPORT_TEXTS.importHint[run.kind];
}

/** Whether the finished import can still be undone, as far as this screen can tell (the server decides). */
function canUndo(run: TImportRun): boolean {
  return run.undoUntil !== null && Date.parse(run.undoUntil) > Date.now();
}

/** Where the import stands: the progress of its check or commit, the check's outcome, or the end. */
export function ImportResult({ run }: { run: TImportRun }) {
  const { _ } = useLingui();
  const commit = useCommitImport(run.id);
  const [undoing, setUndoing] = useState(false);

  switch (run.status) {
    case 'Uploaded':
      return null;
    case 'Checking':
      return (
        <ProgressBar label={_(IMPORT_TEXTS.checkingRow(run.rowsDone, run.rowCount))} value={percentOf(run)} />
      );
    case 'Importing':
      return (
        <ProgressBar
          label={_(IMPORT_TEXTS.importingRow(run.rowsDone, run.rowCount))}
          value={percentOf(run)}
        />
      );
    case 'Checked':
      if (run.problemCount > 0) {
        return (
          <div className={styles.section}>
            <Alert>{_(IMPORT_TEXTS.problemsFound(run.problemCount))}</Alert>
            <ImportProblems importId={run.id} checkedAt={run.updatedAt} problemCount={run.problemCount} />
          </div>
        );
      }
      return (
        <div className={styles.section}>
          <Alert tone="success">{_(passedText(run))}</Alert>
          <NewLocations run={run} />
          <p className={styles.muted}>{_(importHint(run))}</p>
          {run.warningCount > 0 ? (
            <>
              <Alert tone="info">{_(IMPORT_TEXTS.warningsFound(run.warningCount))}</Alert>
              <ImportProblems
                importId={run.id}
                checkedAt={run.updatedAt}
                problemCount={run.warningCount}
                kind="warnings"
              />
            </>
          ) : null}
          {commit.isError ? (
            <Alert>{failureMessage(_(IMPORT_TEXTS.commitFailed), commit.error)}</Alert>
          ) : null}
          <div className={styles.actions}>
            <Button disabled={commit.isPending} onClick={() => commit.mutate()}>
              {commit.isPending
                ? _(IMPORT_TEXTS.importStarting)
                : _(IMPORT_TEXTS.importButton(run.rowCount, run.kind))}
            </Button>
          </div>
        </div>
      );
    case 'Done':
      return (
        <div className={styles.section}>
          <Alert tone="success">{_(IMPORT_TEXTS.done(run))}</Alert>
          {canUndo(run) ? (
            <p className={styles.muted}>{_(IMPORT_TEXTS.undoUntil(formatDateTime(run.undoUntil)))}</p>
          ) : null}
          <div className={styles.actions}>
            {createdAssets(run) > 0 ? (
              <PrintLabelsButton source={{ importId: run.id }} count={createdAssets(run)} variant="primary">
                {_(IMPORT_TEXTS.printLabels(createdAssets(run)))}
              </PrintLabelsButton>
            ) : null}
            <ButtonLink to="/assets" variant={createdAssets(run) > 0 ? 'secondary' : 'primary'}>
              {_(IMPORT_TEXTS.viewAssets)}
            </ButtonLink>
            {canUndo(run) ? (
              <Button variant="secondary" onClick={() => setUndoing(true)}>
                {_(IMPORT_TEXTS.undo)}
              </Button>
            ) : null}
          </div>
          {undoing ? <UndoImportDialog run={run} onClose={() => setUndoing(false)} /> : null}
        </div>
      );
    case 'Failed':
      // In the reader's words by its id; a failure stored before ids shows as stored (ADR 121).
      return (
        <Alert>{run.error === null ? _(IMPORT_TEXTS.failed) : wordMessage(run.errorText ?? run.error)}</Alert>
      );
    case 'Undone':
      return <Alert tone="info">{_(IMPORT_TEXTS.undone(formatDateTime(run.undoneAt)))}</Alert>;
  }
}
