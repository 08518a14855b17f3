import { useLingui } from '@lingui/react';
import { IMPORT_MAX_PROBLEMS } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { downloadCsv } from '#web/features/exports/index.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import {
  importProblemsCsvUrl,
  PROBLEMS_PAGE_SIZE,
  type TFindingKind,
  useImportProblems,
} from '../api/get-import-problems.ts';
import { IMPORT_TEXTS } from '../texts.ts';
import styles from './import-run-page.module.css';
import tables from './import-tables.module.css';

type TImportProblemsProps = {
  importId: string;
  checkedAt: string;
  problemCount: number;
  /** The problems (with their CSV download), or the warnings of a check that passed. */
  kind?: TFindingKind;
};

const TEXTS = {
  problems: {
    table: IMPORT_TEXTS.problemsTable,
    header: IMPORT_TEXTS.problemHeader,
    loading: IMPORT_TEXTS.problemsLoading,
    failed: IMPORT_TEXTS.problemsFailed,
  },
  warnings: {
    table: IMPORT_TEXTS.warningsTable,
    header: IMPORT_TEXTS.warningHeader,
    loading: IMPORT_TEXTS.warningsLoading,
    failed: IMPORT_TEXTS.warningsFailed,
  },
} as const;

/** The problems (or warnings) of a check, 50 to a page; the problems download as CSV. */
export function ImportProblems({
  importId,
  checkedAt,
  problemCount,
  kind = 'problems',
}: TImportProblemsProps) {
  const { _ } = useLingui();
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const query = useImportProblems(importId, checkedAt, page, kind);
  const texts = TEXTS[kind];
  const listed = Math.min(problemCount, IMPORT_MAX_PROBLEMS);
  const pageCount = Math.max(1, Math.ceil(listed / PROBLEMS_PAGE_SIZE));

  async function download() {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadCsv(importProblemsCsvUrl(importId), {});
    } catch (caught) {
      setDownloadError(failureMessage(_(IMPORT_TEXTS.downloadFailed), caught));
    } finally {
      setDownloading(false);
    }
  }

  let table: ReactNode;
  if (query.isPending) table = <StateMessage>{_(texts.loading)}</StateMessage>;
  else if (query.isError) table = <Alert>{_(texts.failed)}</Alert>;
  else {
    table = (
      <>
        <Table label={_(texts.table)} stacked className={tables.table}>
          <thead>
            <tr>
              <th scope="col">{_(IMPORT_TEXTS.rowHeader)}</th>
              <th scope="col">{_(IMPORT_TEXTS.columnHeader)}</th>
              <th scope="col">{_(texts.header)}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((problem, index) => (
              // Several problems may share a row and a column: the position keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: a page of problems is fixed once loaded
              <tr key={`${problem.row}:${problem.column}:${index}`}>
                <td className={tables.number} data-label={_(IMPORT_TEXTS.rowHeader)}>
                  {problem.row}
                </td>
                <td data-label={_(IMPORT_TEXTS.columnHeader)}>{problem.column}</td>
                {/* Worded in the reader's language by its id; a problem stored as a sentence shows as stored. */}
                <td data-label={_(texts.header)}>{wordMessage(problem)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Pager page={page} pageCount={pageCount} disabled={query.isFetching} onPage={setPage} />
      </>
    );
  }

  return (
    <div className={styles.section}>
      <p className={styles.muted}>
        {problemCount > IMPORT_MAX_PROBLEMS ? `${_(IMPORT_TEXTS.problemsCapped())} ` : ''}
        {_(IMPORT_TEXTS.problemsHint)}
      </p>
      {table}
      {downloadError ? <Alert>{downloadError}</Alert> : null}
      {kind === 'problems' ? (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
            {downloading ? _(IMPORT_TEXTS.downloading) : _(IMPORT_TEXTS.downloadProblems)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
