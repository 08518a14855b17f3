import { useLingui } from '@lingui/react';
import { FIELD_TARGETS, type TFieldDefinition, type TFieldTarget } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { AdminScreen } from '#web/components/layouts/admin-screen.tsx';
import type { TScreenStatus } from '#web/components/layouts/screen-status.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { formatDate } from '#web/lib/dates.ts';
import { useFields } from '../api/get-fields.ts';
import { useSaveField } from '../api/save-field.ts';
import { DATA_TYPE_NAMES, FIELD_ADMIN_TEXTS, FIELD_TEXTS, TARGET_NAMES } from '../texts.ts';
import styles from './admin-fields-page.module.css';
import { FieldDefinitionForm } from './field-definition-form.tsx';
import { bodyFromDefinition, nextDisplayOrder } from './field-form-values.ts';

function matches(definition: TFieldDefinition, term: string): boolean {
  if (!term) return true;
  const needle = term.toLowerCase();
  return [definition.label, definition.key, definition.dataType].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** /admin/fields: custom field definitions of assets and maintenance events. */
export function AdminFieldsPage() {
  const { _ } = useLingui();
  const texts = FIELD_ADMIN_TEXTS;
  const [target, setTarget] = useState<TFieldTarget>('Asset');
  const [showInactive, setShowInactive] = useState(true);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TFieldDefinition | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const [status, setStatus] = useState<TScreenStatus | null>(null);
  const query = useFields(target);
  const toggle = useSaveField();

  const all = query.data ?? [];
  const visible = all.filter((definition) => showInactive || definition.isActive);
  const shown = visible.filter((definition) => matches(definition, search.trim()));

  let table: ReactNode;
  if (query.isPending) table = <StateMessage>{_(FIELD_TEXTS.loading)}</StateMessage>;
  else if (query.isError) table = <Alert>{_(FIELD_TEXTS.loadFailed)}</Alert>;
  else if (visible.length === 0) table = <StateMessage>{_(FIELD_TEXTS.empty)}</StateMessage>;
  else if (shown.length === 0) table = <StateMessage>{_(FIELD_TEXTS.noMatch)}</StateMessage>;
  else {
    table = (
      <Table label={_(texts.title)} className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{_(texts.label)}</th>
            <th scope="col">{_(texts.key)}</th>
            <th scope="col">{_(texts.type)}</th>
            <th scope="col">{_(texts.required)}</th>
            <th scope="col">{_(texts.order)}</th>
            <th scope="col">{_(texts.status)}</th>
            <th scope="col">{_(texts.visibility)}</th>
            <th scope="col">{_(texts.updated)}</th>
            <th scope="col">{_(texts.actions)}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((definition) => (
            <tr key={definition.id}>
              <td className={styles.label}>{definition.label}</td>
              <td className={styles.key}>
                <code>{definition.key}</code>
              </td>
              <td>{_(DATA_TYPE_NAMES[definition.dataType])}</td>
              <td>{_(definition.isRequired ? FIELD_TEXTS.yes : FIELD_TEXTS.no)}</td>
              <td>{definition.displayOrder}</td>
              <td>
                <span className={definition.isActive ? styles.active : styles.inactive}>
                  {_(definition.isActive ? texts.active : texts.inactive)}
                </span>
              </td>
              <td>
                {_(definition.isPublic ? FIELD_TEXTS.visibilityPublic : FIELD_TEXTS.visibilityInternal)}
              </td>
              <td className={styles.nowrap}>{formatDate(definition.updatedAt)}</td>
              <td>
                <div className={styles.rowActions}>
                  <button
                    type="button"
                    className={styles.action}
                    aria-label={_(texts.editField(definition.label))}
                    onClick={() => {
                      setStatus(null);
                      setEditing(definition);
                    }}
                  >
                    {_(texts.edit)}
                  </button>
                  <button
                    type="button"
                    className={styles.action}
                    disabled={toggle.isPending}
                    aria-label={_(
                      definition.isActive
                        ? texts.deactivateField(definition.label)
                        : texts.activateField(definition.label),
                    )}
                    onClick={() => {
                      setStatus(null);
                      toggle.mutate(
                        { id: definition.id, body: bodyFromDefinition(definition, !definition.isActive) },
                        { onError: () => setStatus({ tone: 'error', text: _(FIELD_TEXTS.toggleFailed) }) },
                      );
                    }}
                  >
                    {_(definition.isActive ? texts.deactivate : texts.activate)}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <AdminScreen
      title={_(texts.title)}
      subtitle={_(texts.subtitle)}
      onRefresh={() => void query.refetch()}
      filters={
        <Card className={styles.toolbar} aria-label={_(texts.filters)}>
          <SelectField
            label={_(texts.target)}
            value={target}
            onChange={(event) => {
              setTarget(event.target.value as TFieldTarget);
              setEditing(null);
              setStatus(null);
            }}
          >
            {FIELD_TARGETS.map((value) => (
              <option key={value} value={value}>
                {_(TARGET_NAMES[value])}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            label={_(texts.showInactive)}
            checked={showInactive}
            onChange={(event) => setShowInactive(event.target.checked)}
          />
        </Card>
      }
      status={status}
      form={
        <FieldDefinitionForm
          key={`${target}:${editing?.id ?? 'new'}:${formVersion}`}
          target={target}
          editing={editing}
          nextOrder={nextDisplayOrder(all)}
          onSubmitStart={() => setStatus(null)}
          onSaved={(saved, created) => {
            setStatus({ tone: 'success', text: _(created ? FIELD_TEXTS.created : FIELD_TEXTS.updated) });
            setEditing(null);
            setFormVersion((version) => version + 1);
            if (saved.target !== target) setTarget(saved.target);
          }}
          onFailed={() => setStatus({ tone: 'error', text: _(FIELD_TEXTS.saveFailed) })}
          onCancel={() => setEditing(null)}
        />
      }
      listTitle={_(texts.list)}
      list={
        <>
          <div className={styles.filters}>
            <TextField
              label={_(texts.search)}
              type="search"
              placeholder={_(texts.searchPlaceholder)}
              autoComplete="off"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {table}
        </>
      }
    />
  );
}
