/**
 * What the schedules feature offers the other features (ADR 022): the asset list's "Schedule
 * maintenance" on its selection. The asset page's "Planned maintenance" card is composed in app/routes.
 */
export { ScheduleSelectionButton } from './components/schedule-selection-button.tsx';
