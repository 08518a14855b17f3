import { useLingui } from '@lingui/react';
import { PRODUCT_NAME, type TChecklistTemplateSummary } from '@mqr/contracts';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import stack from '#web/components/layouts/card-stack.module.css';
import { PagedList } from '#web/components/layouts/paged-list.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { formatDate } from '#web/lib/dates.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useChecklists } from '../api/get-checklists.ts';
import { TEMPLATE_TEXTS } from '../texts.ts';
import styles from './admin-checklists-page.module.css';

/** What the editor says when it sends the administrator back to the list (archived). */
export type TListNotice = { notice?: string };

/** /admin/checklists: the organization's checklist templates, searched by name and paged. */
export function AdminChecklistsPage() {
  const { _ } = useLingui();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [archived, setArchived] = useState(false);
  const q = useDebouncedValue(search, 250);
  const query = useChecklists(q, page, archived);
  const notice = (useLocation().state as TListNotice | null)?.notice;
  const title = _(TEMPLATE_TEXTS.title);

  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={title}
        subtitle={_(TEMPLATE_TEXTS.subtitle)}
        actions={<ButtonLink to="/admin/checklists/new">{_(TEMPLATE_TEXTS.newTemplate)}</ButtonLink>}
      />
      <div className={stack.stack}>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <Card className={stack.card} aria-labelledby="checklists-list-title">
          <h2 id="checklists-list-title" className={styles.cardTitle}>
            {_(TEMPLATE_TEXTS.list)}
          </h2>
          <div className={styles.search}>
            <TextField
              label={_(TEMPLATE_TEXTS.search)}
              type="search"
              placeholder={_(TEMPLATE_TEXTS.searchPlaceholder)}
              autoComplete="off"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
            <CheckboxField
              label={_(TEMPLATE_TEXTS.showArchived)}
              checked={archived}
              onChange={(event) => {
                setArchived(event.target.checked);
                setPage(1);
              }}
            />
          </div>
          <PagedList
            query={query}
            loadingText={_(TEMPLATE_TEXTS.loading)}
            failedText={_(TEMPLATE_TEXTS.loadFailed)}
            page={page}
            onPage={setPage}
          >
            {(items) =>
              items.length === 0 ? (
                <StateMessage>
                  {_(
                    q.trim()
                      ? TEMPLATE_TEXTS.noMatch
                      : archived
                        ? TEMPLATE_TEXTS.noArchived
                        : TEMPLATE_TEXTS.empty,
                  )}
                </StateMessage>
              ) : (
                <TemplateTable items={items} />
              )
            }
          </PagedList>
        </Card>
      </div>
    </>
  );
}

function TemplateTable({ items }: { items: TChecklistTemplateSummary[] }) {
  const { _ } = useLingui();
  return (
    <Table label={_(TEMPLATE_TEXTS.list)} stacked>
      <thead>
        <tr>
          <th scope="col">{_(TEMPLATE_TEXTS.name)}</th>
          <th scope="col">{_(TEMPLATE_TEXTS.steps)}</th>
          <th scope="col">{_(TEMPLATE_TEXTS.version)}</th>
          <th scope="col">{_(TEMPLATE_TEXTS.updated)}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((template) => (
          <tr key={template.id}>
            <td data-label={_(TEMPLATE_TEXTS.name)} className={styles.name}>
              <Link to={`/admin/checklists/${encodeURIComponent(template.id)}`}>{template.name}</Link>
            </td>
            <td data-label={_(TEMPLATE_TEXTS.steps)}>{_(TEMPLATE_TEXTS.stepCount(template.stepCount))}</td>
            <td data-label={_(TEMPLATE_TEXTS.version)}>
              {_(TEMPLATE_TEXTS.versionNumber(template.version))}
            </td>
            <td data-label={_(TEMPLATE_TEXTS.updated)} className={styles.nowrap}>
              {formatDate(template.updatedAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
