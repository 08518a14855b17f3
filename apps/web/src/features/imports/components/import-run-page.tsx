import { useLingui } from '@lingui/react';
import { IMPORT_TARGETS, PRODUCT_NAME, type TImportRun } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import { useParams } from 'react-router';
import stack from '#web/components/layouts/card-stack.module.css';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { useFields } from '#web/features/fields/index.ts';
import { isRunning, useImport } from '../api/get-import.ts';
import { IMPORT_TEXTS } from '../texts.ts';
import { ColumnMapping } from './column-mapping.tsx';
import { FileReading } from './file-reading.tsx';
import { hasResult, ImportResult } from './import-result.tsx';
import styles from './import-run-page.module.css';

/** The statuses in which the mapping may still change (a check can start again). */
const EDITABLE: readonly TImportRun['status'][] = ['Uploaded', 'Checked'];

/**
 * Once an import this page watched finishes, everything cached may be out of date (new assets, new
 * custom fields, audit entries, figures): it is all loaded again when next shown.
 */
function useReloadAfterImport(status: TImportRun['status'] | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'Importing' && status !== 'Importing') void queryClient.invalidateQueries();
    previous.current = status;
  }, [status, queryClient]);
}

/**
 * Moves keyboard focus to the heading of the step an import reached, as the buttons that led there
 * go: the columns when the page opens on an upload, the result once a check or an import ends. Not
 * when the columns come back after a change of the mapping (focus stays where the person works).
 */
function useStepFocus(status: TImportRun['status'] | undefined) {
  const columnsRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const seen = useRef<TImportRun['status'] | undefined>(undefined);
  useEffect(() => {
    if (!status || status === seen.current) return;
    const first = seen.current === undefined;
    seen.current = status;
    if (first && status === 'Uploaded') columnsRef.current?.focus();
    else if (!first && status !== 'Uploaded' && !isRunning({ status })) resultRef.current?.focus();
  }, [status]);
  return { columnsRef, resultRef };
}

/** The "Columns" card: where each column goes, with the custom fields of the import's kind. */
function ImportColumns({
  run,
  editable,
  headingRef,
}: {
  run: TImportRun;
  editable: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { _ } = useLingui();
  const target = IMPORT_TARGETS[run.kind].fieldTarget;
  const fields = useFields(target);
  const titleId = useId();
  return (
    <Card className={stack.card} aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {_(IMPORT_TEXTS.mappingHeading)}
      </h2>
      {editable ? <p className={styles.muted}>{_(IMPORT_TEXTS.mappingIntro)}</p> : null}
      {editable && run.kind === 'events' ? (
        <ul className={`${styles.muted} ${styles.rules}`}>
          {IMPORT_TEXTS.historyRules.map((rule) => (
            <li key={rule.id}>{_(rule)}</li>
          ))}
        </ul>
      ) : null}
      {fields.isError ? <Alert tone="info">{_(IMPORT_TEXTS.fieldsFailed)}</Alert> : null}
      {fields.isPending ? (
        <StateMessage>{_(IMPORT_TEXTS.runLoading)}</StateMessage>
      ) : (
        <ColumnMapping
          // Editable again after a check, or read in another encoding: the form starts again from the
          // saved mapping.
          key={`${run.id}:${editable}:${run.encoding}`}
          run={run}
          fields={(fields.data ?? []).filter((field) => field.target === target)}
          editable={editable}
        />
      )}
    </Card>
  );
}

/** The "Reading the file" card: its encoding, and how it writes numbers and dates. */
function ImportReading({ run }: { run: TImportRun }) {
  const { _ } = useLingui();
  const titleId = useId();
  return (
    <Card className={stack.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {_(IMPORT_TEXTS.readingHeading)}
      </h2>
      <FileReading key={`${run.encoding}:${run.numberFormat}:${run.dateOrder}`} run={run} />
    </Card>
  );
}

/** /assets/import/{id}: one import: its mapping, check, problems, commit and outcome (administrators). */
export function ImportRunPage() {
  const { _ } = useLingui();
  const { id = '' } = useParams();
  const query = useImport(id);
  const resultTitleId = useId();
  const run = query.data;
  useReloadAfterImport(run?.status);
  const { columnsRef, resultRef } = useStepFocus(run?.status);

  let body: ReactNode;
  if (query.isPending) body = <StateMessage>{_(IMPORT_TEXTS.runLoading)}</StateMessage>;
  else if (query.isError || !run) body = <Alert>{_(IMPORT_TEXTS.runLoadFailed)}</Alert>;
  else {
    const editable = EDITABLE.includes(run.status);
    body = (
      <div className={stack.stack}>
        {hasResult(run) ? (
          <Card className={stack.card} aria-labelledby={resultTitleId}>
            <h2 id={resultTitleId} ref={resultRef} tabIndex={-1} className={styles.cardTitle}>
              {isRunning(run) ? _(IMPORT_TEXTS.progressHeading) : _(IMPORT_TEXTS.resultHeading)}
            </h2>
            <ImportResult run={run} />
          </Card>
        ) : null}
        {editable ? <ImportReading run={run} /> : null}
        <ImportColumns run={run} editable={editable} headingRef={columnsRef} />
      </div>
    );
  }

  const title = run ? _(IMPORT_TEXTS.runTitle(run.fileName)) : _(IMPORT_TEXTS.uploadTitle);
  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={title}
        subtitle={run ? _(IMPORT_TEXTS.recognised(run.format)) : undefined}
        actions={
          <ButtonLink to="/assets/import" variant="secondary">
            {_(IMPORT_TEXTS.backToImports)}
          </ButtonLink>
        }
      >
        {run ? (
          <p className={styles.facts}>{_(IMPORT_TEXTS.rows(run.rowCount, run.delimiter, run.kind))}</p>
        ) : null}
      </PageHeader>
      {body}
    </>
  );
}
