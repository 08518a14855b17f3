import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { filterParam, type TAssetFilterTerm, type TFieldDefinition } from '@mqr/contracts';
import { fieldValueText } from '#web/features/fields/index.ts';
import { useLocationText } from '../hooks/use-location-text.ts';
import { type TListFilters, type TListState, termsOf } from '../lib/list-state.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './filter-panel.module.css';

type TSummary = { key: string; text: string; remove: TListFilters };

/**
 * Each filter of the state in words (the active language's), and the state without it. `locationPath`:
 * the location filtered by, as its path reads (or "No location").
 */
export function filterSummaries(
  state: TListState,
  fields: TFieldDefinition[],
  locationPath = '',
): TSummary[] {
  const _ = i18n._.bind(i18n);
  const terms = termsOf(state);
  const kept: TListFilters = {
    filter: state.filter,
    openTasks: state.openTasks,
    due: state.due,
    location: state.location,
  };
  const byField = new Map<string, TAssetFilterTerm[]>();
  for (const term of terms) byField.set(term.fieldId, [...(byField.get(term.fieldId) ?? []), term]);
  const summaries: TSummary[] = [...byField].map(([fieldId, own]) => {
    const field = fields.find((candidate) => candidate.id === fieldId);
    const label = field?.label ?? _(LIST_TEXTS.unknownField);
    // A value as the field's data type reads (Yes/No, a date, a number).
    const value = (operator: TAssetFilterTerm['operator']) => {
      const found = own.find((term) => term.operator === operator)?.value;
      return found === undefined ? undefined : fieldValueText(field?.dataType, found);
    };
    const { summaries: say } = LIST_TEXTS;
    const options = own.map((term) => term.value);
    const text = _(
      own.some((term) => term.operator === 'any')
        ? say.any(
            label,
            options.slice(1).reduce((list, option) => _(say.or(list, option)), options[0] ?? ''),
          )
        : value('is') !== undefined
          ? say.is(label, value('is')!)
          : value('contains') !== undefined
            ? say.contains(label, own.find((term) => term.operator === 'contains')!.value)
            : say.range(label, value('min'), value('max')),
    );
    const rest = terms.filter((term) => term.fieldId !== fieldId).map((term) => filterParam(term));
    return { key: fieldId, text, remove: { ...kept, filter: rest } };
  });
  if (state.openTasks) {
    summaries.push({
      key: 'openTasks',
      text: _(LIST_TEXTS.openTasksChoices[state.openTasks]),
      remove: { ...kept, openTasks: undefined },
    });
  }
  if (state.due) {
    summaries.push({
      key: 'due',
      text: _(LIST_TEXTS.dueChoices[state.due]),
      remove: { ...kept, due: undefined },
    });
  }
  if (state.location) {
    summaries.push({
      key: 'location',
      text: _(LIST_TEXTS.locationSummary(locationPath)),
      remove: { ...kept, location: undefined },
    });
  }
  return summaries;
}

type TFilterSummaryProps = {
  state: TListState;
  fields: TFieldDefinition[];
  onChange: (change: TListFilters) => void;
};

/** The list's filters in words, each a button that removes it (what a shared URL filters by, at a glance). */
export function FilterSummary({ state, fields, onChange }: TFilterSummaryProps) {
  const { _ } = useLingui();
  const summaries = filterSummaries(state, fields, useLocationText(state.location));
  if (summaries.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={_(LIST_TEXTS.activeFilters)}>
      {summaries.map((summary) => (
        <li key={summary.key}>
          <button
            type="button"
            className={styles.chip}
            aria-label={_(LIST_TEXTS.removeFilter(summary.text))}
            onClick={() => onChange(summary.remove)}
          >
            <span>{summary.text}</span>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
