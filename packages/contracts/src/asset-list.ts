import { z } from 'zod';
import type { TFieldDataType } from './fields.ts';
import { storableText } from './limits.ts';
import { englishMessages, inEnglish, said } from './messages.ts';

/**
 * The asset list's view: which assets it shows (status, search, custom field filters, open tasks) and
 * in what order. The list's URL, its API query, its CSV export and every action on "all N matching"
 * read the same view (ADRs 047, 048).
 */

/** In service (not retired, the default), retired only, or both. */
export const ASSET_STATUSES = ['active', 'retired', 'all'] as const;
export type TAssetStatus = (typeof ASSET_STATUSES)[number];

/** The asset columns a list sorts by; `field:<field id>` sorts by a custom field's values. */
export const ASSET_SORT_COLUMNS = ['created', 'updated', 'name', 'retired'] as const;
export type TAssetSortColumn = (typeof ASSET_SORT_COLUMNS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type TSortOrder = (typeof SORT_ORDERS)[number];

/**
 * How a custom field's values are filtered, by its data type: a Select by any of its options, a
 * Number or a Date by a range (`min`, `max`, either or both), a Boolean by `is` true or false, a
 * Text by what it contains (case-insensitive).
 */
export const ASSET_FILTER_OPERATORS = ['any', 'min', 'max', 'is', 'contains'] as const;
export type TAssetFilterOperator = (typeof ASSET_FILTER_OPERATORS)[number];

/**
 * The list's due filter (ADR 057): assets with an open task past its due date (`overdue`), or with
 * work due from today to DUE_SOON_DAYS ahead (`soon`: an open task, or an active schedule's next task).
 */
export const ASSET_DUE_FILTERS = ['overdue', 'soon'] as const;
export type TAssetDueFilter = (typeof ASSET_DUE_FILTERS)[number];

/** The location filter's value for the assets without a location. */
export const NO_LOCATION = 'none';

/** At most this many filter terms in one view (a Select's "any of" counts one term per option). */
export const ASSET_FILTER_MAX_TERMS = 50;
/** A filter's value (an option, a bound, a text) is at most this long. */
export const ASSET_FILTER_VALUE_MAX_LENGTH = 200;
/** At most this many custom field columns in one list request. */
export const ASSET_LIST_MAX_COLUMNS = 20;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UUID_PATTERN = new RegExp(`^${UUID}$`);
const SORT_PATTERN = new RegExp(`^(${ASSET_SORT_COLUMNS.join('|')}|field:${UUID})$`);
const FILTER_PATTERN = new RegExp(`^(${UUID}):(${ASSET_FILTER_OPERATORS.join('|')}):([\\s\\S]*)$`);

/**
 * The list's refusals of a filter that does not fit its field (a label the organization wrote goes in
 * as a value), as the server sends them (ADR 113). The operators are the API's words, in every language.
 */
export const ASSET_LIST_SAID = {
  operatorForType: (label: string, dataType: TFieldDataType) =>
    said(
      /*i18n*/ {
        id: 'assetList.operatorForType',
        message:
          '{dataType, select, Select {“{label}” is a Select field: filter it with any.} Number {“{label}” is a Number field: filter it with min and max.} Date {“{label}” is a Date field: filter it with min and max.} Boolean {“{label}” is a Boolean field: filter it with is.} other {“{label}” is a Text field: filter it with contains.}}',
      },
      { label, dataType },
    ),
  numberBound: (label: string) =>
    said(
      /*i18n*/ { id: 'assetList.numberBound', message: 'The range of “{label}” takes numbers, e.g. 12.5.' },
      { label },
    ),
  dateBound: (label: string) =>
    said(
      /*i18n*/ { id: 'assetList.dateBound', message: 'The range of “{label}” takes dates, YYYY-MM-DD.' },
      { label },
    ),
  rangeReversed: (label: string) =>
    said(
      /*i18n*/ {
        id: 'assetList.rangeReversed',
        message: 'The range of “{label}” has its min above its max.',
      },
      { label },
    ),
};

export const ASSET_LIST_MESSAGES = {
  ...englishMessages({
    filterInvalid: /*i18n*/ {
      id: 'assetList.filterInvalid',
      message:
        'Each filter reads <field id>:<operator>:<value>, the operator one of any, min, max, is or contains.',
    },
    filterTooMany: said(
      /*i18n*/ { id: 'assetList.filterTooMany', message: 'Use at most {assetFilterMaxTerms} filter terms.' },
      { assetFilterMaxTerms: ASSET_FILTER_MAX_TERMS },
    ),
    filterValueTooLong: said(
      /*i18n*/ {
        id: 'assetList.filterValueTooLong',
        message: 'A filter value is at most {assetFilterValueMaxLength} characters.',
      },
      { assetFilterValueMaxLength: ASSET_FILTER_VALUE_MAX_LENGTH },
    ),
    filterValueEmpty: /*i18n*/ {
      id: 'assetList.filterValueEmpty',
      message: 'A filter value cannot be empty.',
    },
    isTrueOrFalse: /*i18n*/ {
      id: 'assetList.isTrueOrFalse',
      message: 'A filter with is takes true or false.',
    },
    columnsTooMany: said(
      /*i18n*/ {
        id: 'assetList.columnsTooMany',
        message: 'Show at most {assetListMaxColumns} custom field columns.',
      },
      { assetListMaxColumns: ASSET_LIST_MAX_COLUMNS },
    ),
    retiredSortNeedsRetired: /*i18n*/ {
      id: 'assetList.retiredSortNeedsRetired',
      message: 'Sort by retired only the retired assets (status retired).',
    },
    oneOfEach: /*i18n*/ {
      id: 'assetList.oneOfEach',
      message: 'Give a field at most one min, one max, one is and one contains.',
    },
    locationInvalid: /*i18n*/ {
      id: 'assetList.locationInvalid',
      message: 'Filter by location with a location’s id, or none for the assets without a location.',
    },
    sortInvalid: said(
      /*i18n*/ { id: 'assetList.sortInvalid', message: 'Sort by {columns} or field:<field id>.' },
      { columns: ASSET_SORT_COLUMNS.join(', ') },
    ),
  }),
  operatorForType: inEnglish(ASSET_LIST_SAID.operatorForType),
  numberBound: inEnglish(ASSET_LIST_SAID.numberBound),
  dateBound: inEnglish(ASSET_LIST_SAID.dateBound),
  rangeReversed: inEnglish(ASSET_LIST_SAID.rangeReversed),
} as const;

/** One term of a filter, as the URL writes it (`<field id>:<operator>:<value>`). */
export interface TAssetFilterTerm {
  fieldId: string;
  operator: TAssetFilterOperator;
  value: string;
}

/** A term as the `filter` parameter writes it. */
export function filterParam(term: TAssetFilterTerm): string {
  return `${term.fieldId}:${term.operator}:${term.value}`;
}

/** The term a `filter` parameter holds, or undefined when it is not one. */
export function parseFilterParam(text: string): TAssetFilterTerm | undefined {
  const match = FILTER_PATTERN.exec(text);
  if (!match) return undefined;
  return {
    fieldId: match[1]!.toLowerCase(),
    operator: match[2] as TAssetFilterOperator,
    value: match[3]!.trim(),
  };
}

/** What a list is sorted by: one of its columns, or the custom field `fieldId`. */
export type TAssetSort = { column: TAssetSortColumn } | { fieldId: string };

export function parseSortParam(text: string): TAssetSort {
  return text.startsWith('field:')
    ? { fieldId: text.slice('field:'.length).toLowerCase() }
    : { column: text as TAssetSortColumn };
}

/** The sort of a list when none is given: newest first, the retired list newest retired first. */
export function defaultSort(status: TAssetStatus): string {
  return status === 'retired' ? 'retired' : 'created';
}

/** The order a sort takes when none is given: dates newest first, names and values A to Z, low to high. */
export function defaultOrder(sort: string): TSortOrder {
  return sort === 'name' || sort.startsWith('field:') ? 'asc' : 'desc';
}

/** A parameter given once or repeated (a query string repeats a key for each value). */
function repeated<T extends z.ZodType>(item: T, max: number, message: string) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item).max(max, { message }),
  );
}

const filterTerm = storableText().regex(FILTER_PATTERN, { message: ASSET_LIST_MESSAGES.filterInvalid });

/**
 * The view of the asset list, as its URL and its API query write it. Strings only, so that a JSON
 * body can carry the same object as a query string: `status`, `sort` (`created` by default, `retired`
 * on the retired list; `field:<id>` for a custom field), `order` (the sort's default when absent), `openTasks` (`true`:
 * assets with a pending or started task; `false`: without), `due` (`overdue` or `soon`, ASSET_DUE_FILTERS),
 * `location` (the assets at a location and at every location below it; `none`: without a location),
 * and `filter`, given once per term.
 */
export const ZAssetListView = z.object({
  search: storableText().trim().max(200).optional(),
  status: z.enum(ASSET_STATUSES).default('active'),
  sort: z.string().regex(SORT_PATTERN, { message: ASSET_LIST_MESSAGES.sortInvalid }).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  openTasks: z.enum(['true', 'false']).optional(),
  due: z.enum(ASSET_DUE_FILTERS).optional(),
  location: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === NO_LOCATION || UUID_PATTERN.test(value), {
      message: ASSET_LIST_MESSAGES.locationInvalid,
    })
    .optional(),
  filter: repeated(filterTerm, ASSET_FILTER_MAX_TERMS, ASSET_LIST_MESSAGES.filterTooMany)
    .transform((terms: string[], context) => {
      const parsed = terms.map((term) => parseFilterParam(term)!);
      for (const [index, term] of parsed.entries()) {
        const problem =
          term.value === ''
            ? ASSET_LIST_MESSAGES.filterValueEmpty
            : term.value.length > ASSET_FILTER_VALUE_MAX_LENGTH
              ? ASSET_LIST_MESSAGES.filterValueTooLong
              : term.operator === 'is' && term.value !== 'true' && term.value !== 'false'
                ? ASSET_LIST_MESSAGES.isTrueOrFalse
                : undefined;
        if (problem) context.addIssue({ code: 'custom', message: problem, path: [index] });
      }
      return parsed;
    })
    .optional(),
});
export type TAssetListViewInput = Omit<z.input<typeof ZAssetListView>, 'filter'> & {
  filter?: string | string[] | undefined;
};
export type TAssetListView = z.output<typeof ZAssetListView>;

/** The custom field columns a list page brings the values of (`columns`, given once per field id). */
export const ZAssetListColumns = repeated(
  z.string().uuid(),
  ASSET_LIST_MAX_COLUMNS,
  ASSET_LIST_MESSAGES.columnsTooMany,
);

/** The most assets one action on a selection (labels, a field value, retiring) takes at a time. */
export const ASSET_SELECTION_MAX = 5000;

export const ASSET_SELECTION_MESSAGES = {
  ...englishMessages({
    oneSource: /*i18n*/ {
      id: 'assetSelection.oneSource',
      message:
        'Give either assetIds (the ticked assets) or query (every asset the list shows for it), not both.',
    },
    noAssets: /*i18n*/ { id: 'assetSelection.noAssets', message: 'Select at least one asset.' },
    tooMany: said(
      /*i18n*/ {
        id: 'assetSelection.tooMany',
        message:
          'This acts on at most {assetSelectionMax, number} assets at a time: select fewer, or narrow the list with a search or a filter.',
      },
      { assetSelectionMax: ASSET_SELECTION_MAX },
    ),
    noneFound: /*i18n*/ { id: 'assetSelection.noneFound', message: 'No asset matches this list.' },
    assetIdInvalid: /*i18n*/ {
      id: 'assetSelection.assetIdInvalid',
      message: 'Each asset id must be a UUID.',
    },
  }),
} as const;

/** Ticked assets: 1 to ASSET_SELECTION_MAX ids, repeated ids taken once, in the order given. */
export const ZSelectedAssetIds = z
  .array(z.string().uuid({ message: ASSET_SELECTION_MESSAGES.assetIdInvalid }))
  .min(1, { message: ASSET_SELECTION_MESSAGES.noAssets })
  .max(ASSET_SELECTION_MAX, { message: ASSET_SELECTION_MESSAGES.tooMany })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/**
 * Which assets an action is for (ADR 048): the ticked ones (`assetIds`), or every asset the list shows
 * for its view (`query`, as the list's URL has it; at most ASSET_SELECTION_MAX of them). Bodies put
 * these two keys beside their own and refine with `oneSelection`.
 */
export const ZAssetSelection = z.object({
  assetIds: ZSelectedAssetIds.optional(),
  query: ZAssetListView.optional(),
});
export type TAssetSelection = z.input<typeof ZAssetSelection>;

/** Refines a body holding a selection: exactly one of its sources given. */
export function oneSelection(
  body: Record<string, unknown>,
  context: z.RefinementCtx,
  sources: readonly string[] = ['assetIds', 'query'],
  message: string = ASSET_SELECTION_MESSAGES.oneSource,
): void {
  const given = sources.filter((source) => body[source] !== undefined);
  if (given.length !== 1) context.addIssue({ code: 'custom', message, path: [sources[0]!] });
}

/** Bulk actions' messages with values, as the server sends them (ADR 113). */
export const BULK_SAID = {
  deleteNotRetired: (inService: number) =>
    said(
      /*i18n*/ {
        id: 'bulk.deleteNotRetired',
        message:
          '{inService, plural, one {Only retired assets can be deleted: # asset of this selection is in service. Retire them first, or leave them out.} other {Only retired assets can be deleted: # assets of this selection are in service. Retire them first, or leave them out.}}',
      },
      { inService },
    ),
  deleteCountMismatch: (count: number) =>
    said(
      /*i18n*/ {
        id: 'bulk.deleteCountMismatch',
        message:
          '{count, plural, one {This selection holds # asset: type {count, number} to confirm.} other {This selection holds # assets: type {count, number} to confirm.}}',
      },
      { count },
    ),
};

export const BULK_MESSAGES = {
  ...englishMessages({
    fieldRetired: /*i18n*/ {
      id: 'bulk.fieldRetired',
      message: 'This field is retired: its values stay as they are. Choose an active field.',
    },
    deleteCountInvalid: /*i18n*/ {
      id: 'bulk.deleteCountInvalid',
      message: 'Type the number of assets to delete.',
    },
  }),
  deleteNotRetired: inEnglish(BULK_SAID.deleteNotRetired),
  deleteCountMismatch: inEnglish(BULK_SAID.deleteCountMismatch),
} as const;

/**
 * POST /api/assets/bulk/field-value: gives the selected assets (at most ASSET_SELECTION_MAX) one value
 * of an active Asset field, or clears it (`null` or empty), checked as the asset form checks it.
 */
export const ZBulkFieldValueBody = z
  .object({
    ...ZAssetSelection.shape,
    fieldId: z.string().uuid(),
    value: storableText().nullable(),
  })
  .superRefine((body, context) => oneSelection(body, context));
export type TBulkFieldValueBody = z.input<typeof ZBulkFieldValueBody>;

/** What an action on a selection did: how many assets it was given, how many it changed. */
export const ZBulkResult = z.object({
  selected: z.number().int(),
  changed: z.number().int(),
});
export type TBulkResult = z.infer<typeof ZBulkResult>;

/** What retiring a selection did: also how many stayed in service because they have open tasks. */
export const ZBulkRetireResult = ZBulkResult.extend({ withOpenTasks: z.number().int() });
export type TBulkRetireResult = z.infer<typeof ZBulkRetireResult>;

/** POST /api/admin/assets/bulk/retire and .../bulk/restore (administrators): the selected assets. */
export const ZBulkRetireBody = ZAssetSelection.superRefine((body, context) => oneSelection(body, context));

/**
 * POST /api/admin/assets/bulk/delete (administrators): the selected assets, all retired, and their
 * number as the person typed it to confirm (checked against the selection before anything is deleted).
 */
export const ZBulkDeleteBody = z
  .object({
    ...ZAssetSelection.shape,
    confirmCount: z
      .number({ message: BULK_MESSAGES.deleteCountInvalid })
      .int({ message: BULK_MESSAGES.deleteCountInvalid })
      .min(1, { message: BULK_MESSAGES.deleteCountInvalid })
      .max(ASSET_SELECTION_MAX, { message: ASSET_SELECTION_MESSAGES.tooMany }),
  })
  .superRefine((body, context) => oneSelection(body, context));
export type TBulkDeleteBody = z.input<typeof ZBulkDeleteBody>;
