import { useLingui } from '@lingui/react';
import { DEFAULT_PAGE_SIZE } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminScreen } from '#web/components/layouts/admin-screen.tsx';
import { PagedList } from '#web/components/layouts/paged-list.tsx';
import type { TScreenStatus } from '#web/components/layouts/screen-status.ts';
import { Table } from '#web/components/ui/table.tsx';
import { useOrganizations } from '../api/get-organizations.ts';
import { organizationKeys } from '../api/organization-keys.ts';
import { ORGANIZATION_TEXTS } from '../texts.ts';
import styles from './admin-organizations-page.module.css';
import { CreateOrganizationForm } from './create-organization-form.tsx';
import { OrganizationRow } from './organization-row.tsx';

/** /admin/organizations (super administrators): organizations, their names and logos. */
export function AdminOrganizationsPage() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [status, setStatus] = useState<TScreenStatus | null>(null);
  const query = useOrganizations(page, DEFAULT_PAGE_SIZE);

  return (
    <AdminScreen
      title={_(ORGANIZATION_TEXTS.title)}
      onRefresh={() => void queryClient.invalidateQueries({ queryKey: organizationKeys.all })}
      status={status}
      form={<CreateOrganizationForm onSubmitStart={() => setStatus(null)} onDone={setStatus} />}
      listTitle={_(ORGANIZATION_TEXTS.listTitle)}
      list={
        <PagedList
          query={query}
          loadingText={_(ORGANIZATION_TEXTS.loading)}
          failedText={_(ORGANIZATION_TEXTS.loadFailed)}
          page={page}
          onPage={setPage}
        >
          {(organizations) => (
            <Table label={_(ORGANIZATION_TEXTS.title)} className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{_(ORGANIZATION_TEXTS.logo)}</th>
                  <th scope="col">{_(ORGANIZATION_TEXTS.id)}</th>
                  <th scope="col">{_(ORGANIZATION_TEXTS.name)}</th>
                </tr>
              </thead>
              <tbody>
                {organizations.map((organization) => (
                  <OrganizationRow
                    key={organization.id}
                    organization={organization}
                    editing={editingId === organization.id}
                    onEdit={() => setEditingId(organization.id)}
                    onStopEditing={() => setEditingId(null)}
                  />
                ))}
              </tbody>
            </Table>
          )}
        </PagedList>
      }
    />
  );
}
