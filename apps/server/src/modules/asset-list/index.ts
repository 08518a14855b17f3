// The asset-list module as other modules see it (ADR 102): import it from here only.
export {
  countOnFilterIndexUpTo,
  countStatusUpTo,
  countsOnFilterIndex,
  findListIds,
  findListPage,
  findListRows,
  type ListRow,
  type ListView,
} from './list-queries.ts';
export { isNarrowed, keptCountOf, resolveListView } from './list-view.ts';
export { findAssetRowsInOrder, findAssetViewBatch, findSelectedByView } from './service.ts';
