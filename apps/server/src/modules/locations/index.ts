// What other modules and the route table may use of the locations module (ADR 102): they import it from here only.

export {
  deleteUnusedImportedLocations,
  ensureImportedLocations,
  findLocationsByPathKeys,
  locationPathKey,
  type PathLocation,
  pathPrefixes,
} from './import-paths.ts';
// For the labels module: the locations a sheet of location labels prints (ADR 126).
export { findLabelLocations, findLabelLocationTree, type LabelLocationRow } from './label-rows.ts';
export { type AssetMove, listAssetMoves, recordAssetMoves, type Whereabouts } from './moves.ts';
export { findLocationRefs } from './queries.ts';
export { locationAdminRoutes, locationRoutes } from './routes.ts';
export {
  findPublicLocation,
  type LocationFilter,
  locationCondition,
  locationForAsset,
  locationRowsToRead,
  resolveLocationFilter,
} from './scope.ts';
// For an import's location column (docs/product/locations.md#locations): a path's levels found or created.
export {
  ensureLocationPath,
  type LocationContext,
  locationNotFound,
  lockTree as lockLocationTree,
} from './service.ts';
