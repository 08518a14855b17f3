import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminScreen } from '#web/components/layouts/admin-screen.tsx';
import { PagedList } from '#web/components/layouts/paged-list.tsx';
import type { TScreenStatus } from '#web/components/layouts/screen-status.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { organizationKeys } from '#web/features/organizations/api/organization-keys.ts';
import { useUsers } from '#web/features/users/api/get-users.ts';
import { userKeys } from '#web/features/users/api/user-keys.ts';
import { CreateUserForm } from '#web/features/users/components/create-user-form.tsx';
import { UserTable } from '#web/features/users/components/user-table.tsx';
import { USER_TEXTS } from '#web/features/users/texts.ts';
import { useAuth } from '#web/lib/auth-store.ts';

/**
 * /admin/users ("User management"): create users and change their flags (features/users); for super
 * administrators Refresh reloads the organizations of the form's select too (features/organizations).
 */
export function AdminUsersPage() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const isSuperAdmin = useAuth()?.isSuperAdmin === true;
  const [page, setPage] = useState(1);
  const [formStatus, setFormStatus] = useState<TScreenStatus | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const query = useUsers(page);

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    if (isSuperAdmin) void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
  }

  return (
    <AdminScreen
      title={_(USER_TEXTS.title)}
      onRefresh={refresh}
      status={formStatus}
      form={<CreateUserForm onSubmitStart={() => setFormStatus(null)} onDone={setFormStatus} />}
      listTitle={_(USER_TEXTS.listTitle)}
      list={
        <PagedList
          query={query}
          loadingText={_(USER_TEXTS.loading)}
          failedText={_(USER_TEXTS.loadFailed)}
          page={page}
          onPage={setPage}
        >
          {(users) => (
            <>
              {saveError ? <Alert>{saveError}</Alert> : null}
              <UserTable users={users} onSaveStart={() => setSaveError(null)} onSaveFailed={setSaveError} />
            </>
          )}
        </PagedList>
      }
    />
  );
}
