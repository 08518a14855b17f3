import { useLingui } from '@lingui/react';
import type { TAsset } from '@mqr/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PagedList } from '#web/components/layouts/paged-list.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { NextServiceDue } from '#web/components/ui/due-badge.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { useAssetComponents } from '../api/get-asset-components.ts';
import { PLACE_TEXTS } from '../texts.ts';
import styles from './asset-place.module.css';

/**
 * "Components" on a parent's page (docs/product/locations.md#asset-hierarchy): the roll-up of the
 * asset with every component below it (open tasks, overdue, due soon), and its components, each
 * with its own open and overdue tasks and next service. Shown when the asset has components.
 */
export function AssetComponentsCard({ asset, className }: { asset: TAsset; className?: string }) {
  const { _ } = useLingui();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const query = useAssetComponents(asset.id, page, asset.componentCount > 0);
  if (asset.componentCount === 0) return null;
  const rollup = query.data?.rollup;
  return (
    <Card aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className={styles.cardTitle}>
        {_(PLACE_TEXTS.components)}
      </h2>
      {rollup ? (
        <p className={styles.rollup}>
          <span>{_(PLACE_TEXTS.rollup(rollup.components, rollup.openTasks))}</span>
          {rollup.overdue > 0 ? (
            <span className={`${styles.tally} ${styles.overdue}`}>
              {_(PLACE_TEXTS.rollupOverdue(rollup.overdue))}
            </span>
          ) : null}
          {rollup.dueSoon > 0 ? (
            <span className={`${styles.tally} ${styles.dueSoon}`}>
              {_(PLACE_TEXTS.rollupDueSoon(rollup.dueSoon))}
            </span>
          ) : null}
        </p>
      ) : null}
      <PagedList
        query={query}
        loadingText={_(PLACE_TEXTS.componentsLoading)}
        failedText={_(PLACE_TEXTS.componentsFailed)}
        page={page}
        onPage={setPage}
      >
        {(components) => (
          <Table label={_(PLACE_TEXTS.componentsTable)} stacked>
            <thead>
              <tr>
                <th scope="col">{_(PLACE_TEXTS.name)}</th>
                <th scope="col">{_(PLACE_TEXTS.openTasks)}</th>
                <th scope="col">{_(PLACE_TEXTS.overdue)}</th>
                <th scope="col">{_(PLACE_TEXTS.nextService)}</th>
              </tr>
            </thead>
            <tbody>
              {components.map((component) => (
                <tr key={component.id}>
                  <td data-label={_(PLACE_TEXTS.name)} className={styles.componentName}>
                    <Link to={`/assets/${component.id}`}>{component.name}</Link>
                    {component.retiredAt ? (
                      <span className={styles.tag}>{_(PLACE_TEXTS.retired)}</span>
                    ) : null}
                    {component.componentCount > 0 ? (
                      <span className={styles.sub}>
                        {_(PLACE_TEXTS.subComponents(component.componentCount))}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={_(PLACE_TEXTS.openTasks)}>{component.openTasks}</td>
                  <td data-label={_(PLACE_TEXTS.overdue)}>
                    {component.overdueTasks > 0 ? (
                      <span className={`${styles.tally} ${styles.overdue}`}>{component.overdueTasks}</span>
                    ) : (
                      0
                    )}
                  </td>
                  <td data-label={_(PLACE_TEXTS.nextService)}>
                    {component.nextServiceDue ? (
                      <NextServiceDue asset={component} />
                    ) : (
                      <span className={styles.muted}>{_(PLACE_TEXTS.none)}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedList>
    </Card>
  );
}
