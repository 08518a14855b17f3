// What other modules and the route table may use of the locations module (ADR 102): they import it from here only.
export { type AssetMove, listAssetMoves, recordAssetMoves, type Whereabouts } from './moves.ts';
export { findLocationRefs } from './queries.ts';
export { locationAdminRoutes, locationRoutes } from './routes.ts';
export {
  findPublicLocation,
  type LocationFilter,
  locationCondition,
  locationForAsset,
  resolveLocationFilter,
} from './scope.ts';
