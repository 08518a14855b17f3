/**
 * What the requests feature (docs/product/requests.md) offers the app: the navigation's count of
 * requests waiting, the organization's settings of problem reports, and the words of its screens.
 */

export { RequestSettings } from './components/request-settings.tsx';
export { RequestsNavBadge } from './components/requests-nav-badge.tsx';
export { REQUEST_TEXTS } from './texts.ts';
