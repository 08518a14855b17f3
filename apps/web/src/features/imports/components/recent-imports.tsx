import { useLingui } from '@lingui/react';
import type { TImportRun } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { formatDateTime, formatNumber } from '#web/lib/dates.ts';
import { isRunning } from '../api/get-import.ts';
import { useImports } from '../api/get-imports.ts';
import { IMPORT_TEXTS, resultText } from '../texts.ts';
import { DiscardImportDialog } from './discard-import-dialog.tsx';
import { ImportStatusBadge } from './import-status-badge.tsx';
import tables from './import-tables.module.css';

/**
 * The 20 newest imports of the organization, each a link to its page (an import outlives its tab),
 * each but a running one with "Discard" (asks first).
 */
export function RecentImports() {
  const { _ } = useLingui();
  const query = useImports();
  const [discarding, setDiscarding] = useState<TImportRun | null>(null);

  let content: ReactNode;
  if (query.isPending) content = <StateMessage>{_(IMPORT_TEXTS.recentLoading)}</StateMessage>;
  else if (query.isError) content = <Alert>{_(IMPORT_TEXTS.recentFailed)}</Alert>;
  else if (query.data.length === 0) content = <StateMessage>{_(IMPORT_TEXTS.recentEmpty)}</StateMessage>;
  else {
    content = (
      <Table label={_(IMPORT_TEXTS.recentTable)} stacked className={tables.table}>
        <thead>
          <tr>
            <th scope="col">{_(IMPORT_TEXTS.fileHeader)}</th>
            <th scope="col">{_(IMPORT_TEXTS.kindHeader)}</th>
            <th scope="col">{_(IMPORT_TEXTS.statusHeader)}</th>
            <th scope="col">{_(IMPORT_TEXTS.rowsHeader)}</th>
            <th scope="col">{_(IMPORT_TEXTS.resultHeader)}</th>
            <th scope="col">{_(IMPORT_TEXTS.uploadedHeader)}</th>
            <th scope="col">{_(IMPORT_TEXTS.actionsHeader)}</th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((run) => (
            <tr key={run.id}>
              <td data-label={_(IMPORT_TEXTS.fileHeader)}>
                <Link to={`/assets/import/${run.id}`}>{run.fileName}</Link>
              </td>
              <td className={tables.words} data-label={_(IMPORT_TEXTS.kindHeader)}>
                {_(IMPORT_TEXTS.kinds[run.kind].label)}
              </td>
              <td data-label={_(IMPORT_TEXTS.statusHeader)}>
                <span>
                  <ImportStatusBadge run={run} />
                </span>
              </td>
              <td className={tables.number} data-label={_(IMPORT_TEXTS.rowsHeader)}>
                {formatNumber(run.rowCount)}
              </td>
              <td data-label={_(IMPORT_TEXTS.resultHeader)}>{_(resultText(run))}</td>
              <td className={tables.nowrap} data-label={_(IMPORT_TEXTS.uploadedHeader)}>
                {formatDateTime(run.createdAt)}
              </td>
              <td data-label={_(IMPORT_TEXTS.actionsHeader)}>
                {isRunning(run) ? null : (
                  <Button
                    variant="secondary"
                    aria-label={_(IMPORT_TEXTS.discardLabel(run.fileName))}
                    onClick={() => setDiscarding(run)}
                  >
                    {_(IMPORT_TEXTS.discard)}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <>
      {content}
      {discarding ? <DiscardImportDialog run={discarding} onClose={() => setDiscarding(null)} /> : null}
    </>
  );
}
