import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
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
  isAdmin: { label: USER_TEXTS.admin, of: USER_TEXTS.adminOf },
  isActive: { label: USER_TEXTS.active, of: USER_TEXTS.activeOf },
  canEditCompletedMaintenanceEvents: { label: USER_TEXTS.editCompleted, of: USER_TEXTS.editCompletedOf },
} satisfies Record<string, { label: MessageDescriptor; of: (email: string) => MessageDescriptor }>;
type TToggle = keyof typeof TOGGLES;

type TUserTableProps = {
  users: TAdminUser[];
  /** A save starts (the previous failure message goes away). */
  onSaveStart: () => void;
  onSaveFailed: (text: string) => void;
};

/** Existing users; each checkbox saves its one field at once and goes back if the server refuses. */
export function UserTable({ users, onSaveStart, onSaveFailed }: TUserTableProps) {
  const { _ } = useLingui();
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
      .catch((error: unknown) => onSaveFailed(failureMessage(_(USER_TEXTS.updateFailed), error)))
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
        label={_(TOGGLES[field].label)}
        aria-label={_(TOGGLES[field].of(user.email))}
        checked={pending ? saving[key] : user[field]}
        disabled={pending}
        onChange={(event) => toggle(user, field, event.target.checked)}
      />
    );
  }

  return (
    <Table label={_(USER_TEXTS.listTitle)} className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{_(USER_TEXTS.email)}</th>
          <th scope="col">{_(USER_TEXTS.name)}</th>
          <th scope="col">{_(USER_TEXTS.role)}</th>
          <th scope="col">{_(USER_TEXTS.status)}</th>
          <th scope="col">{_(USER_TEXTS.maintenanceEdits)}</th>
          <th scope="col">{_(USER_TEXTS.createdAt)}</th>
          <th scope="col">{_(USER_TEXTS.organization)}</th>
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
                {user.isSuperAdmin ? <span className={styles.badge}>{_(USER_TEXTS.superAdmin)}</span> : null}
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
