/**
 * What the locations feature offers the other features (ADR 022): the tree picker (the asset form,
 * the asset list's filter, a move of assets), a location's data, and its counts. The tree screen
 * and a location's page are composed from its components in the route table and app/routes.
 */
export { useLocation } from './api/get-location.ts';
export { locationKeys } from './api/location-keys.ts';
export { LocationPicker, type TPickedLocation } from './components/location-picker.tsx';
