/**
 * What the assets feature offers the other features (ADR 022): the query keys of its screens, so that
 * a change made elsewhere (an event, a task) reloads the asset that shows it, and an asset's page
 * (the offline outbox reads who moved a task first).
 */
export { assetKeys } from './api/asset-keys.ts';
export { getAsset } from './api/get-asset.ts';
export { moveAsset } from './api/move-asset.ts';
