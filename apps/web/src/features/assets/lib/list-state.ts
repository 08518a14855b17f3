import {
  ASSET_DUE_FILTERS,
  ASSET_STATUSES,
  defaultOrder,
  defaultSort,
  parseFilterParam,
  SORT_ORDERS,
  type TAssetDueFilter,
  type TAssetFilterTerm,
  type TAssetListViewInput,
  type TAssetStatus,
  type TSortOrder,
} from '@mqr/contracts';

/**
 * What the asset list shows, as its URL holds it (so a view can be shared): the same parameters as
 * GET /api/assets (`search`, `status`, `sort`, `order`, `openTasks`, `due`, `location`, `filter` once per
 * term), and the page. Defaults are left out of the URL.
 */
export type TListState = {
  search: string;
  status: TAssetStatus;
  /** `created`, `updated`, `name`, `retired` or `field:<id>` (the status's default: defaultSort). */
  sort: string;
  /** Absent: the sort's own default (dates newest first, names and values A to Z). */
  order: TSortOrder | undefined;
  openTasks: 'true' | 'false' | undefined;
  /** Overdue or due soon (an open task, or an active schedule's next due date). */
  due: TAssetDueFilter | undefined;
  /** A location's id (its assets and those below it), or `none` (NO_LOCATION): without a location. */
  location: string | undefined;
  filter: string[];
  page: number;
};

/** What the filter panel and the filter summary change: the filters beside the search and status. */
export type TListFilters = Pick<TListState, 'filter' | 'openTasks' | 'due' | 'location'>;

export const DEFAULT_LIST_STATE: TListState = {
  search: '',
  status: 'active',
  sort: 'created',
  order: undefined,
  openTasks: undefined,
  due: undefined,
  location: undefined,
  filter: [],
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** The list's state in a URL's parameters; what does not read as a value is left at its default. */
export function listStateOf(params: URLSearchParams): TListState {
  const page = Number(params.get('page'));
  const status = oneOf(ASSET_STATUSES, params.get('status')) ?? 'active';
  return {
    search: params.get('search') ?? '',
    status,
    sort: params.get('sort') || defaultSort(status),
    order: oneOf(SORT_ORDERS, params.get('order')),
    openTasks: oneOf(['true', 'false'] as const, params.get('openTasks')),
    due: oneOf(ASSET_DUE_FILTERS, params.get('due')),
    location: params.get('location') || undefined,
    filter: params.getAll('filter'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL parameters of a state, defaults left out. */
export function paramsOf(state: TListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.status !== 'active') params.set('status', state.status);
  if (state.sort !== defaultSort(state.status)) params.set('sort', state.sort);
  if (state.order && state.order !== defaultOrder(state.sort)) params.set('order', state.order);
  if (state.openTasks) params.set('openTasks', state.openTasks);
  if (state.due) params.set('due', state.due);
  if (state.location) params.set('location', state.location);
  for (const term of state.filter) params.append('filter', term);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The list's view as the API takes it (query string or a selection's `query`), without the page. */
export function viewOf(state: TListState): TAssetListViewInput {
  return {
    ...(state.search ? { search: state.search } : {}),
    status: state.status,
    sort: state.sort,
    order: orderOf(state),
    ...(state.openTasks ? { openTasks: state.openTasks } : {}),
    ...(state.due ? { due: state.due } : {}),
    ...(state.location ? { location: state.location } : {}),
    ...(state.filter.length > 0 ? { filter: state.filter } : {}),
  };
}

/** The order the list is in: the one asked for, or the sort's default. */
export function orderOf(state: Pick<TListState, 'sort' | 'order'>): TSortOrder {
  return state.order ?? defaultOrder(state.sort);
}

/** The filter terms of the state, those that read as terms. */
export function termsOf(state: Pick<TListState, 'filter'>): TAssetFilterTerm[] {
  return state.filter.flatMap((text) => parseFilterParam(text) ?? []);
}

/** The sort parameter of a custom field. */
export const fieldSort = (fieldId: string) => `field:${fieldId}`;
