import { filterParam, type TAssetFilterTerm, type TFieldDefinition } from '@mqr/contracts';
import { type TListFilters, type TListState, termsOf } from '../lib/list-state.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './filter-panel.module.css';

type TSummary = { key: string; text: string; remove: TListFilters };

/** Each filter of the state in words, and the state without it. */
export function filterSummaries(state: TListState, fields: TFieldDefinition[]): TSummary[] {
  const terms = termsOf(state);
  const byField = new Map<string, TAssetFilterTerm[]>();
  for (const term of terms) byField.set(term.fieldId, [...(byField.get(term.fieldId) ?? []), term]);
  const summaries: TSummary[] = [...byField].map(([fieldId, own]) => {
    const label = fields.find((field) => field.id === fieldId)?.label ?? LIST_TEXTS.unknownField;
    const value = (operator: TAssetFilterTerm['operator']) =>
      own.find((term) => term.operator === operator)?.value;
    const { summaries: say } = LIST_TEXTS;
    const text = own.some((term) => term.operator === 'any')
      ? say.any(
          label,
          own.map((term) => term.value),
        )
      : value('is') !== undefined
        ? say.is(label, value('is')!)
        : value('contains') !== undefined
          ? say.contains(label, value('contains')!)
          : say.range(label, value('min'), value('max'));
    const rest = terms.filter((term) => term.fieldId !== fieldId).map((term) => filterParam(term));
    return { key: fieldId, text, remove: { filter: rest, openTasks: state.openTasks, due: state.due } };
  });
  if (state.openTasks) {
    summaries.push({
      key: 'openTasks',
      text: LIST_TEXTS.summaries.openTasks(state.openTasks),
      remove: { filter: state.filter, openTasks: undefined, due: state.due },
    });
  }
  if (state.due) {
    summaries.push({
      key: 'due',
      text: LIST_TEXTS.dueChoices[state.due],
      remove: { filter: state.filter, openTasks: state.openTasks, due: undefined },
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
  const summaries = filterSummaries(state, fields);
  if (summaries.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={LIST_TEXTS.activeFilters}>
      {summaries.map((summary) => (
        <li key={summary.key}>
          <button
            type="button"
            className={styles.chip}
            aria-label={LIST_TEXTS.removeFilter(summary.text)}
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
