import type { TAdminUser } from '@mqr/contracts';
import { useState } from 'react';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { formatDate } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { USER_TEXTS } from '../texts.ts';
import styles from './admin-users.module.css';

/** The flags the table changes in place, with the text beside each checkbox. */
const TOGGLES = {
  isAdmin: 'Admin',
  isActive: 'Active',
  canEditCompletedMaintenanceEvents: 'Edit completed events',
} as const;
type TToggle = keyof typeof TOGGLES;

type TUserTableProps = {
  users: TAdminUser[];
  /** A save starts (the previous failure message goes away). */
  onSaveStart: () => void;
  onSaveFailed: (text: string) => void;
};

/** Existing users; each checkbox saves its one field at once and goes back if the server refuses. */
export function UserTable({ users, onSaveStart, onSaveFailed }: TUserTableProps) {
  const { auth, organization } = useAuthSnapshot();
  const update = useUpdateUser();
  /** The values being saved, by `${user id}:${field}`: shown (and locked) until the server answers. */
  const [saving, setSaving] = useState<Record<string, boolean>>({});

  function toggle(user: TAdminUser, field: TToggle, value: boolean) {
    const key = `${user.id}:${field}`;
    onSaveStart();
    setSaving((current) => ({ ...current, [key]: value }));
    update
      .mutateAsync({ id: user.id, body: { [field]: value } })
      .catch((error: unknown) => onSaveFailed(failureMessage(USER_TEXTS.updateFailed, error)))
      .finally(() =>
        setSaving((current) => {
          const { [key]: _done, ...rest } = current;
          return rest;
        }),
      );
  }

  function organizationOf(user: TAdminUser): string {
    if (user.organizationName) return user.organizationName;
    if (user.organizationId === auth?.organizationId && organization?.name) return organization.name;
    return user.organizationId;
  }

  function checkbox(user: TAdminUser, field: TToggle) {
    const key = `${user.id}:${field}`;
    const pending = key in saving;
    return (
      <CheckboxField
        label={TOGGLES[field]}
        aria-label={`${TOGGLES[field]}: ${user.email}`}
        checked={pending ? saving[key] : user[field]}
        disabled={pending}
        onChange={(event) => toggle(user, field, event.target.checked)}
      />
    );
  }

  return (
    <Table label="Existing users" className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Name</th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Maintenance edits</th>
          <th scope="col">Created</th>
          <th scope="col">Organization</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <td className={styles.email}>{user.email}</td>
            <td className={styles.name}>{user.displayName}</td>
            <td>
              <div className={styles.role}>
                {checkbox(user, 'isAdmin')}
                {user.isSuperAdmin ? <span className={styles.badge}>Super Admin</span> : null}
              </div>
            </td>
            <td>{checkbox(user, 'isActive')}</td>
            <td>{checkbox(user, 'canEditCompletedMaintenanceEvents')}</td>
            <td className={styles.nowrap}>{formatDate(user.createdAt)}</td>
            <td className={styles.organization}>{organizationOf(user)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
