import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  FIELD_LABEL_MAX_LENGTH,
  IMPORT_TARGETS,
  sensitiveColumnKind,
  type TFieldDataType,
  type TFieldDefinition,
  type TImportBuiltInTarget,
  type TImportMatchKey,
  type TImportRun,
} from '@mqr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { DataTypeSelectField } from '#web/features/fields/index.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useCheckImport } from '../api/check-import.ts';
import { IMPORT_TARGET_TEXTS, IMPORT_TEXTS } from '../texts.ts';
import styles from './column-mapping.module.css';
import tables from './import-tables.module.css';
import {
  draftOf,
  newFieldKeys,
  samplesOf,
  type TColumnDraft,
  type TMappingChoice,
  targetOf,
} from './mapping-draft.ts';
import { MatchBy } from './match-by.tsx';

type TColumnMappingProps = {
  run: TImportRun;
  /** Every field definition of the kind's target (retired ones name a saved mapping's retired field). */
  fields: TFieldDefinition[];
  /** The mapping can be changed (the import is neither running nor finished). */
  editable: boolean;
};

/** What "Don't import" and each built-in target read as. */
const builtInText = (choice: 'ignore' | TImportBuiltInTarget) =>
  i18n._(choice === 'ignore' ? IMPORT_TEXTS.ignore : IMPORT_TARGET_TEXTS[choice]);

/** What a saved choice reads as when the mapping is read-only. */
function choiceText(draft: TColumnDraft, key: string | undefined, fields: TFieldDefinition[]): string {
  if (draft.choice === 'newField') {
    return i18n._(IMPORT_TEXTS.newFieldSummary(draft.label, draft.dataType, key ?? '', draft.isPublic));
  }
  if (draft.choice.startsWith('field:')) {
    const field = fields.find((f) => `field:${f.id}` === draft.choice);
    return field ? field.label : i18n._(IMPORT_TEXTS.unknownField);
  }
  return builtInText(draft.choice as 'ignore' | TImportBuiltInTarget);
}

/**
 * Whether a new field shows on the public QR page (internal unless ticked, ADR 091), with a warning
 * when the column's name looks personal or financial.
 */
function NewFieldVisibility(props: {
  header: string;
  isPublic: boolean;
  onChange: (isPublic: boolean) => void;
}) {
  const { _ } = useLingui();
  const sensitive = sensitiveColumnKind(props.header);
  return (
    <CheckboxField
      label={_(IMPORT_TEXTS.fieldPublic)}
      checked={props.isPublic}
      onChange={(event) => props.onChange(event.target.checked)}
      hint={
        <>
          {_(IMPORT_TEXTS.fieldPublicHint)}
          {sensitive ? (
            <strong className={styles.warning}>{_(IMPORT_TEXTS.sensitiveColumn[sensitive])}</strong>
          ) : null}
        </>
      }
    />
  );
}

/**
 * The mapping of the file's columns: each column's name, a few of its values and where it goes
 * ("Import as"), with "Check the file", which saves the mapping and starts the check.
 */
export function ColumnMapping({ run, fields, editable }: TColumnMappingProps) {
  const { _ } = useLingui();
  const [drafts, setDrafts] = useState(() =>
    run.headers.map((header, column) => draftOf(run.mapping[column], header)),
  );
  const [matchBy, setMatchBy] = useState<TImportMatchKey | null>(run.matchBy);
  const [labelErrors, setLabelErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const check = useCheckImport(run.id);
  const idPrefix = useId();
  const builtInChoices = ['ignore', ...IMPORT_TARGETS[run.kind].builtIn] as const;
  // A finished import no longer keeps its rows: there is nothing to sample.
  const hasPreview = run.preview.length > 0;
  const active = fields.filter((field) => field.isActive);
  // Read-only, the saved keys; while editing, the keys made from the labels.
  const keys = editable
    ? newFieldKeys(
        drafts,
        fields.map((field) => field.key),
      )
    : run.mapping.map((target) => (target.kind === 'newField' ? target.key : undefined));
  // A saved mapping may name a field retired since: it stays listed, so that the select shows it.
  const chosenElsewhere = drafts.flatMap((draft) =>
    draft.choice.startsWith('field:') && !active.some((field) => `field:${field.id}` === draft.choice)
      ? [draft.choice]
      : [],
  );

  function change(column: number, next: Partial<TColumnDraft>) {
    setDrafts((current) => current.map((draft, index) => (index === column ? { ...draft, ...next } : draft)));
    setLabelErrors(({ [column]: _removed, ...rest }) => rest);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const errors: Record<number, string> = {};
    drafts.forEach((draft, column) => {
      if (draft.choice === 'newField' && !draft.label.trim()) errors[column] = _(IMPORT_TEXTS.labelRequired);
    });
    setLabelErrors(errors);
    const first = Object.keys(errors)[0];
    if (first !== undefined) {
      document.getElementById(`${idPrefix}-${first}-label`)?.focus();
      return;
    }
    const columns = drafts.map((draft, column) => targetOf(draft, keys[column]));
    check.mutate(matchBy ? { columns, matchBy } : { columns }, {
      onError: (caught) => setError(failureMessage(_(IMPORT_TEXTS.checkFailed), caught)),
    });
  }

  const rows = run.headers.map((header, column) => {
    const draft = drafts[column] ?? draftOf(undefined, header);
    const samples = samplesOf(run.preview, column);
    const selectId = `${idPrefix}-${column}`;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the columns of a file never move
      <tr key={column}>
        <th scope="row" className={styles.column} data-label={_(IMPORT_TEXTS.columnHeader)}>
          <span>{header}</span>
        </th>
        {hasPreview ? (
          <td data-label={_(IMPORT_TEXTS.samplesHeader)}>
            {samples.length > 0 ? (
              <ul className={styles.samples}>
                {samples.map((sample) => (
                  <li key={sample}>{sample}</li>
                ))}
              </ul>
            ) : (
              <span className={styles.muted}>{_(IMPORT_TEXTS.noSamples)}</span>
            )}
          </td>
        ) : null}
        <td data-label={_(IMPORT_TEXTS.targetHeader)}>
          {editable ? (
            <div className={styles.target}>
              <label className={styles.srOnly} htmlFor={selectId}>
                {_(IMPORT_TEXTS.targetLabel(header))}
              </label>
              <select
                id={selectId}
                className={styles.select}
                value={draft.choice}
                disabled={check.isPending}
                onChange={(event) => change(column, { choice: event.target.value as TMappingChoice })}
              >
                {builtInChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {builtInText(choice)}
                  </option>
                ))}
                {active.length > 0 || chosenElsewhere.length > 0 ? (
                  <optgroup label={_(IMPORT_TEXTS.customFields)}>
                    {active.map((field) => (
                      <option key={field.id} value={`field:${field.id}`}>
                        {field.label}
                      </option>
                    ))}
                    {[...new Set(chosenElsewhere)].map((choice) => {
                      const field = fields.find((f) => `field:${f.id}` === choice);
                      return (
                        <option key={choice} value={choice}>
                          {field ? _(IMPORT_TEXTS.retiredField(field.label)) : _(IMPORT_TEXTS.unknownField)}
                        </option>
                      );
                    })}
                  </optgroup>
                ) : null}
                <option value="newField">{_(IMPORT_TEXTS.newField)}</option>
              </select>
              {draft.choice === 'newField' ? (
                <fieldset className={styles.newField} disabled={check.isPending}>
                  <legend className={styles.srOnly}>{_(IMPORT_TEXTS.newFieldLegend(header))}</legend>
                  <TextField
                    id={`${selectId}-label`}
                    label={_(IMPORT_TEXTS.fieldLabel)}
                    value={draft.label}
                    maxLength={FIELD_LABEL_MAX_LENGTH}
                    autoComplete="off"
                    required
                    error={labelErrors[column]}
                    onChange={(event) => change(column, { label: event.target.value })}
                  />
                  <DataTypeSelectField
                    label={_(IMPORT_TEXTS.fieldType)}
                    value={draft.dataType}
                    onChange={(event) => change(column, { dataType: event.target.value as TFieldDataType })}
                  />
                  <TextField
                    label={_(IMPORT_TEXTS.fieldKey)}
                    value={draft.label.trim() ? (keys[column] ?? '') : ''}
                    readOnly
                  />
                  <NewFieldVisibility
                    header={header}
                    isPublic={draft.isPublic}
                    onChange={(isPublic) => change(column, { isPublic })}
                  />
                </fieldset>
              ) : null}
            </div>
          ) : (
            <span>{choiceText(draft, keys[column], fields)}</span>
          )}
        </td>
      </tr>
    );
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {matchBy ? (
        <MatchBy value={matchBy} editable={editable} disabled={check.isPending} onChange={setMatchBy} />
      ) : null}
      <Table label={_(IMPORT_TEXTS.mappingTable)} stacked className={`${tables.table} ${styles.table}`}>
        <thead>
          <tr>
            <th scope="col">{_(IMPORT_TEXTS.columnHeader)}</th>
            {hasPreview ? <th scope="col">{_(IMPORT_TEXTS.samplesHeader)}</th> : null}
            <th scope="col">{_(IMPORT_TEXTS.targetHeader)}</th>
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </Table>
      {error ? <Alert>{error}</Alert> : null}
      {editable ? (
        <div className={styles.actions}>
          <Button type="submit" disabled={check.isPending}>
            {check.isPending ? _(IMPORT_TEXTS.checkStarting) : _(IMPORT_TEXTS.check)}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
