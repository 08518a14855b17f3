import { useLingui } from '@lingui/react';
import {
  filterParam,
  NO_LOCATION,
  normalizeOptions,
  type TAssetFilterOperator,
  type TFieldDefinition,
} from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { FIELD_TEXTS } from '#web/features/fields/index.ts';
import { LocationPicker, type TPickedLocation } from '#web/features/locations/index.ts';
import { useLocationText } from '../hooks/use-location-text.ts';
import { type TListFilters, type TListState, termsOf } from '../lib/list-state.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './filter-panel.module.css';

/** The choices of "Open tasks" and "Due", by the value they send ("any": none). */
const openTaskChoices = LIST_TEXTS.openTasksChoices;
const dueChoices = LIST_TEXTS.dueChoices;

/** A field's filter as the form holds it. */
type TDraft = { any: string[]; min: string; max: string; is: string; contains: string };
const EMPTY: TDraft = { any: [], min: '', max: '', is: '', contains: '' };

function draftsOf(state: TListState): Record<string, TDraft> {
  const drafts: Record<string, TDraft> = {};
  for (const term of termsOf(state)) {
    const draft = drafts[term.fieldId] ?? { ...EMPTY, any: [] };
    drafts[term.fieldId] = draft;
    if (term.operator === 'any') draft.any.push(term.value);
    else draft[term.operator] = term.value;
  }
  return drafts;
}

/** The `filter` terms of the drafts, each trimmed value once; empty inputs give none. */
function termsOfDrafts(drafts: Record<string, TDraft>): string[] {
  const terms: string[] = [];
  for (const [fieldId, draft] of Object.entries(drafts)) {
    const add = (operator: TAssetFilterOperator, value: string) => {
      if (value.trim()) terms.push(filterParam({ fieldId, operator, value: value.trim() }));
    };
    for (const option of draft.any) add('any', option);
    add('min', draft.min);
    add('max', draft.max);
    add('is', draft.is);
    add('contains', draft.contains);
  }
  return terms;
}

type TFilterPanelProps = {
  id: string;
  state: TListState;
  /** The organization's Asset fields; the active ones can be filtered by. */
  fields: TFieldDefinition[];
  onApply: (change: TListFilters) => void;
  /** Offer the location filter (not on a location's own page, whose assets it already is). */
  byLocation?: boolean;
};

/**
 * The filters of the asset list: the location (with every location below it, or none), open tasks,
 * due work (overdue, due soon), and one group per active custom field by its data type (a Select's
 * options, a Number's or a Date's range, a Boolean, the text a Text contains). Applied
 * together ("Apply filters"), into the URL; a filter on a field this form does not show is kept.
 */
export function FilterPanel({ id, state, fields, onApply, byLocation = true }: TFilterPanelProps) {
  const { _ } = useLingui();
  const locationText = useLocationText(state.location);
  const pickedOf = (location: string | undefined, path: string): TPickedLocation | null =>
    location ? { id: location === NO_LOCATION ? null : location, path } : null;
  const [location, setLocation] = useState(() => pickedOf(state.location, locationText));
  const [drafts, setDrafts] = useState(() => draftsOf(state));
  const [openTasks, setOpenTasks] = useState(state.openTasks ?? '');
  const [due, setDue] = useState(state.due ?? '');
  // A view changed elsewhere (Back, a filter removed from the summary) fills the form again.
  // The location's path arrives after its id: the picker shows it then.
  const applied = JSON.stringify([state.filter, state.openTasks, state.due, state.location, locationText]);
  const [shownView, setShownView] = useState(applied);
  if (applied !== shownView) {
    setShownView(applied);
    setDrafts(draftsOf(state));
    setOpenTasks(state.openTasks ?? '');
    setDue(state.due ?? '');
    setLocation(pickedOf(state.location, locationText));
  }
  const active = fields.filter((field) => field.isActive);
  const shown = new Set(active.map((field) => field.id));
  const change = (fieldId: string, patch: Partial<TDraft>) =>
    setDrafts((current) => ({ ...current, [fieldId]: { ...(current[fieldId] ?? EMPTY), ...patch } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const hidden = termsOf(state)
      .filter((term) => !shown.has(term.fieldId))
      .map((term) => filterParam(term));
    const ownDrafts = Object.fromEntries(Object.entries(drafts).filter(([fieldId]) => shown.has(fieldId)));
    onApply({
      filter: [...hidden, ...termsOfDrafts(ownDrafts)],
      openTasks: openTasks === 'true' || openTasks === 'false' ? openTasks : undefined,
      due: due === 'overdue' || due === 'soon' ? due : undefined,
      location: byLocation && location ? (location.id ?? NO_LOCATION) : undefined,
    });
  }

  function clear() {
    setDrafts({});
    setOpenTasks('');
    setDue('');
    setLocation(null);
    onApply({ filter: [], openTasks: undefined, due: undefined, location: undefined });
  }

  return (
    <form id={id} className={styles.panel} aria-label={_(LIST_TEXTS.filterPanel)} onSubmit={submit}>
      <div className={styles.groups}>
        {byLocation ? (
          <LocationPicker
            label={_(LIST_TEXTS.location)}
            hint={_(LIST_TEXTS.locationHint)}
            value={location}
            onChange={setLocation}
            noneLabel={_(LIST_TEXTS.noLocation)}
          />
        ) : null}
        {[
          { label: _(LIST_TEXTS.openTasks), value: openTasks, set: setOpenTasks, choices: openTaskChoices },
          {
            label: _(LIST_TEXTS.due),
            hint: _(LIST_TEXTS.dueHint),
            value: due,
            set: setDue,
            choices: dueChoices,
          },
        ].map(({ label, hint, value, set, choices }) => (
          <SelectField
            key={label}
            label={label}
            hint={hint}
            value={value}
            onChange={(event) => set(event.target.value)}
          >
            {Object.entries(choices).map(([option, text]) => (
              <option key={option} value={option === 'any' ? '' : option}>
                {_(text)}
              </option>
            ))}
          </SelectField>
        ))}
        {active.map((field) => (
          <FieldFilter
            key={field.id}
            field={field}
            draft={drafts[field.id] ?? EMPTY}
            onChange={(patch) => change(field.id, patch)}
          />
        ))}
      </div>
      {active.length === 0 ? <p className={styles.note}>{_(LIST_TEXTS.noFields)}</p> : null}
      <div className={styles.actions}>
        <Button type="submit">{_(LIST_TEXTS.applyFilters)}</Button>
        <Button variant="secondary" onClick={clear}>
          {_(LIST_TEXTS.clearFilters)}
        </Button>
      </div>
    </form>
  );
}

type TFieldFilterProps = {
  field: TFieldDefinition;
  draft: TDraft;
  onChange: (patch: Partial<TDraft>) => void;
};

/** One field's filter, by its data type, in a group named by the field. */
function FieldFilter({ field, draft, onChange }: TFieldFilterProps) {
  const { _ } = useLingui();
  if (field.dataType === 'Boolean') {
    return (
      <SelectField
        label={field.label}
        value={draft.is}
        onChange={(event) => onChange({ is: event.target.value })}
      >
        <option value="">{_(LIST_TEXTS.any)}</option>
        <option value="true">{_(FIELD_TEXTS.yes)}</option>
        <option value="false">{_(FIELD_TEXTS.no)}</option>
      </SelectField>
    );
  }
  if (field.dataType === 'Text') {
    return (
      <TextField
        label={_(LIST_TEXTS.contains(field.label))}
        type="search"
        autoComplete="off"
        maxLength={200}
        value={draft.contains}
        onChange={(event) => onChange({ contains: event.target.value })}
      />
    );
  }
  if (field.dataType === 'Select') {
    const options = normalizeOptions(field.optionsJson) ?? [];
    const toggle = (option: string, on: boolean) =>
      onChange({ any: on ? [...draft.any, option] : draft.any.filter((value) => value !== option) });
    return (
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{field.label}</legend>
        <div className={styles.options}>
          {options.map((option) => (
            <CheckboxField
              key={option}
              label={option}
              checked={draft.any.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
          ))}
        </div>
      </fieldset>
    );
  }
  const isDate = field.dataType === 'Date';
  const bounds = [
    { end: 'min', label: _(isDate ? LIST_TEXTS.from : LIST_TEXTS.min) },
    { end: 'max', label: _(isDate ? LIST_TEXTS.to : LIST_TEXTS.max) },
  ] as const;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{field.label}</legend>
      <div className={styles.range}>
        {bounds.map(({ end, label }) => (
          <TextField
            key={end}
            label={label}
            type={isDate ? 'date' : 'text'}
            inputMode={isDate ? undefined : 'decimal'}
            autoComplete="off"
            value={draft[end]}
            onChange={(event) => onChange({ [end]: event.target.value })}
          />
        ))}
      </div>
    </fieldset>
  );
}
