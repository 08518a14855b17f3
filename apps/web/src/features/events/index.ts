/**
 * What the events feature offers the other features (ADR 022): the read-only event cards of the
 * public asset page. The asset page's events section and the dashboard's pending tasks are
 * composed in app/routes.
 */
export { PublicEventList } from './components/public-event-list.tsx';
