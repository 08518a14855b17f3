/**
 * What the events feature offers the other features (ADR 022): the read-only event cards of the
 * public asset page, and the line under a history that loads older events. The asset page's events section and the dashboard's pending tasks are
 * composed in app/routes.
 */

export { OlderEvents } from './components/older-events.tsx';
export { PublicEventList } from './components/public-event-list.tsx';
