import {
  ASSET_LIST_MESSAGES,
  ASSET_LIST_SAID,
  defaultOrder,
  defaultSort,
  isValidDate,
  NUMBER_PATTERN,
  parseSortParam,
  type TAssetDueFilter,
  type TAssetFilterOperator,
  type TAssetFilterTerm,
  type TAssetListView,
  type TFieldDataType,
} from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { invalidField, notFound } from '#server/lib/app-error.ts';
import { type FieldDefinitionRow, getFieldDefinitionRows } from '../fields/index.ts';
import { resolveLocationFilter } from '../locations/index.ts';
import { type FieldFilter, filtersAreBroad, findDueAssetIds, type ListView } from './list-queries.ts';

/** The filter operators each data type takes (ASSET_LIST_SAID.operatorForType names them). */
const OPERATORS: Record<TFieldDataType, TAssetFilterOperator[]> = {
  Select: ['any'],
  Number: ['min', 'max'],
  Date: ['min', 'max'],
  Boolean: ['is'],
  Text: ['contains'],
};

/** One field's filter from its terms, checked against its data type. */
function fieldFilter(field: FieldDefinitionRow, terms: TAssetFilterTerm[]): FieldFilter {
  const allowed = OPERATORS[field.dataType];
  const wrong = terms.find((term) => !allowed.includes(term.operator));
  if (wrong) throw invalidField('filter', ASSET_LIST_SAID.operatorForType(field.label, field.dataType));
  const single = (operator: TAssetFilterOperator) => {
    const values = terms.filter((term) => term.operator === operator).map((term) => term.value);
    if (values.length > 1) throw invalidField('filter', ASSET_LIST_MESSAGES.oneOfEach);
    return values[0];
  };
  const fieldId = field.id;
  switch (field.dataType) {
    case 'Select':
      return { fieldId, kind: 'any', values: terms.map((term) => term.value) };
    case 'Boolean':
      return { fieldId, kind: 'is', value: single('is') as 'true' | 'false' };
    case 'Text':
      return { fieldId, kind: 'contains', text: single('contains')! };
    case 'Number':
    case 'Date': {
      const min = single('min');
      const max = single('max');
      const numeric = field.dataType === 'Number';
      const fits = (bound: string | undefined) =>
        bound === undefined ||
        (numeric ? NUMBER_PATTERN.test(bound) && bound.length <= 100 : isValidDate(bound));
      if (!fits(min) || !fits(max)) {
        const message = numeric ? ASSET_LIST_SAID.numberBound : ASSET_LIST_SAID.dateBound;
        throw invalidField('filter', message(field.label));
      }
      const reversed =
        min !== undefined && max !== undefined && (numeric ? Number(min) > Number(max) : min > max);
      if (reversed) throw invalidField('filter', ASSET_LIST_SAID.rangeReversed(field.label));
      return { fieldId, kind: numeric ? 'number' : 'date', min, max };
    }
  }
}

/** The due filter of a view: what it keeps, counting from the organization's today. */
async function dueFilter(
  db: DbOrTx,
  organizationId: string,
  kind: TAssetDueFilter,
  today: string,
): Promise<ListView['due']> {
  return { kind, today, assetIds: await findDueAssetIds(db, organizationId, { kind, today }) };
}

/**
 * True when the view narrows the list (a search, a filter): its count stops at a few pages (ADR 040).
 * A location alone does not: the assets in service there are a kept count (ADR 122).
 */
export function isNarrowed(view: ListView): boolean {
  return (
    view.search !== undefined ||
    view.filters.length > 0 ||
    view.openTasks !== undefined ||
    view.due !== undefined ||
    (view.location !== undefined && view.status !== 'active')
  );
}

/**
 * The list's view as the organization's SQL reads it: the custom fields it sorts and filters by are
 * Asset fields of the organization (active or retired; NOT_FOUND for any other id), each filter fits
 * its field's data type, and the sort by retirement date only on the retired assets (400s that say
 * what to change). `today` is the organization's date (its time zone, the app's clock): what the due
 * filter counts from.
 */
export async function resolveListView(
  db: DbOrTx,
  organizationId: string,
  input: TAssetListView,
  today: string,
): Promise<ListView> {
  const sortParam = input.sort ?? defaultSort(input.status);
  const sort = parseSortParam(sortParam);
  if ('column' in sort && sort.column === 'retired' && input.status !== 'retired') {
    throw invalidField('sort', ASSET_LIST_MESSAGES.retiredSortNeedsRetired);
  }
  const terms = input.filter ?? [];
  const needsFields = terms.length > 0 || 'fieldId' in sort;
  const fields = needsFields ? await getFieldDefinitionRows(db, organizationId, 'Asset') : [];
  const fieldOf = (id: string) => {
    const field = fields.find((candidate) => candidate.id === id);
    if (!field) throw notFound('Field');
    return field;
  };
  const byField = new Map<string, TAssetFilterTerm[]>();
  for (const term of terms) byField.set(term.fieldId, [...(byField.get(term.fieldId) ?? []), term]);
  const view = {
    organizationId,
    status: input.status,
    search: input.search || undefined,
    openTasks: input.openTasks === undefined ? undefined : input.openTasks === 'true',
    due: input.due === undefined ? undefined : await dueFilter(db, organizationId, input.due, today),
    filters: [...byField].map(([fieldId, fieldTerms]) => fieldFilter(fieldOf(fieldId), fieldTerms)),
    location:
      input.location === undefined
        ? undefined
        : await resolveLocationFilter(db, organizationId, input.location),
    sort:
      'column' in sort
        ? sort
        : { fieldId: sort.fieldId, numeric: fieldOf(sort.fieldId).dataType === 'Number' },
    order: input.order ?? defaultOrder(sortParam),
  };
  // Decided once per view: a page, its count and every batch of an export read the same way.
  return { ...view, probeFilters: await filtersAreBroad(db, view) };
}

/**
 * How many assets in service a view that is not narrowed holds, from kept counts: the organization's
 * (ADR 039), its location's rolled-up tally, or, for the assets without a location, the organization's
 * less those placed (ADR 122).
 */
export function keptCountOf(view: ListView, organizationAssets: number): number {
  if (!view.location) return organizationAssets;
  if (view.location.kind === 'subtree') return view.location.assets;
  return Math.max(0, organizationAssets - view.location.placed);
}
