// What other modules and the route table may use of the assets module (ADR 102): they import it from here only.
export { checkParentAsset } from './hierarchy.ts';
export { deleteAssetsWithHistory, objectKeysOf } from './lifecycle.ts';
export { deleteAssetValues, findValuesOfAssets } from './queries.ts';
export { assetAdminRoutes, assetRoutes } from './routes.ts';
export {
  checkAssetsOfOrganization,
  getAssetRowBySlug,
  getPublicAssetView,
  insertAssetWithFreeSlug,
} from './service.ts';
